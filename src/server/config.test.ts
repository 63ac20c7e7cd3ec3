import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test/test-app';
import { seedProducts } from './db/seed/seed-products';
import { orderFor } from './test/orders';
import { ConfigError, loadConfig } from './config';
import { smsProviderName, uploadStoreName } from './providers/provider-settings';

/** 32 bytes in base64, as production needs for STAFF_FACTOR_KEY (the checks below are about other settings). */
const KEY = Buffer.alloc(32, 1).toString('base64');
/** The lender's own identity, which production needs (the checks below are about other settings). */
const LENDER = {
  LENDER_NAME: 'Bayanihan Lending Corp.',
  LENDER_SEC_REG_NO: 'CS202400123',
  LENDER_CA_NO: 'CA No. 4567',
  LENDER_ADDRESS: '5F Ortigas Ave., Pasig City',
  LENDER_EMAIL: 'help@bayanihan.ph',
  LENDER_PHONE: '+63 2 8700 1000',
  LENDER_MESSAGING: '+63 917 700 1000',
};
const XENDIT = {
  XENDIT_SECRET_KEY: 'xnd_k',
  XENDIT_CALLBACK_TOKEN: 'tok',
  PUBLIC_URL: 'https://hiram.ph',
  XENDIT_CHECKOUT_HOSTS: 'checkout.xendit.test',
  ALLOWED_REDIRECT_HOSTS: 'play.google.com,apps.apple.com,checkout.xendit.test',
  STAFF_FACTOR_KEY: KEY,
  ...LENDER,
};
/** Production's SMS settings, with the payment provider production needs. */
const PRODUCTION_SMS = { SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k', SEMAPHORE_SENDER_NAME: 'HIRAM', ...XENDIT };

/** The problems loadConfig names, or [] when it starts. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe("the lender's identity", () => {
  it('production refuses to start on the demo lender, naming each setting it needs', () => {
    const { LENDER_NAME: _name, LENDER_CA_NO: _ca, ...rest } = PRODUCTION_SMS;
    expect(problems({ NODE_ENV: 'production', ...rest })).toEqual([
      "LENDER_NAME, LENDER_CA_NO: required in production (the lender's own, as registered with the SEC; the defaults are the demo's)",
    ]);
    expect(problems({ NODE_ENV: 'production', ...rest, LENDER_NAME: '', LENDER_CA_NO: 'CA No. 1' })).toHaveLength(1);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SMS }).LENDER_NAME).toBe('Bayanihan Lending Corp.');
    // Outside production the demo lender is the default.
    expect(loadConfig({}).LENDER_NAME).toBe('Hiram Lending Corporation');
  });
});

describe('SMS and upload provider configuration', () => {
  it('starts with no settings outside production: the outbox and the disk', () => {
    const config = loadConfig({});
    expect(smsProviderName(config, config.isProduction)).toBe('outbox');
    expect(uploadStoreName(config)).toBe('disk');
  });

  it('production without SMS settings refuses to start and names what is missing', () => {
    expect(problems({ NODE_ENV: 'production', ...XENDIT })).toEqual([
      'SMS_PROVIDER=semaphore needs SEMAPHORE_API_KEY and SEMAPHORE_SENDER_NAME',
    ]);
    expect(problems({ NODE_ENV: 'production', ...XENDIT, SEMAPHORE_API_KEY: 'k' })).toEqual([
      'SMS_PROVIDER=semaphore needs SEMAPHORE_SENDER_NAME',
    ]);
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS })).toEqual([]);
  });

  it('production never falls back to the outbox', () => {
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, SMS_PROVIDER: 'outbox' })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: the outbox .* refused in production/),
    ]);
  });

  it('choosing Semaphore needs its settings in every environment; an empty value is a missing one', () => {
    expect(problems({ SMS_PROVIDER: 'semaphore' })).toEqual([
      'SMS_PROVIDER=semaphore needs SEMAPHORE_API_KEY and SEMAPHORE_SENDER_NAME',
    ]);
    expect(problems({ ...PRODUCTION_SMS, SEMAPHORE_API_KEY: '' })).toEqual([
      'SMS_PROVIDER=semaphore needs SEMAPHORE_API_KEY',
    ]);
  });

  it('production sends the Semaphore key only over https', () => {
    expect(
      problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, SEMAPHORE_BASE_URL: 'http://127.0.0.1:8080/api/v4' }),
    ).toEqual([expect.stringMatching(/^SEMAPHORE_BASE_URL: must be https/)]);
  });

  it('a sender name is what Semaphore accepts: at most 11 letters and digits', () => {
    expect(problems({ ...PRODUCTION_SMS, SEMAPHORE_SENDER_NAME: 'HiramLending1' })[0]).toMatch(
      /^SEMAPHORE_SENDER_NAME: must be 1 to 11/,
    );
  });

  it("uploads go to the database with PostgreSQL; production refuses one machine's disk there", () => {
    const url = 'postgres://db.internal/hiram';
    expect(uploadStoreName(loadConfig({ DATABASE_URL: url }))).toBe('database');
    expect(uploadStoreName(loadConfig({ DATABASE_URL: url, UPLOAD_STORE: 'disk' }))).toBe('disk');
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, DATABASE_URL: url, UPLOAD_STORE: 'disk' })).toEqual([
      expect.stringMatching(/^UPLOAD_STORE: disk keeps uploads on one machine/),
    ]);
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, DATABASE_URL: url })).toEqual([]);
  });

  it('an S3 bucket needs its settings, named when missing', () => {
    expect(problems({ UPLOAD_STORE: 's3', S3_BUCKET: 'b' })).toEqual([
      'UPLOAD_STORE=s3 needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    ]);
    const s3 = {
      UPLOAD_STORE: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'ap-southeast-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, ...s3, DATABASE_URL: 'postgres://x/y' })).toEqual([]);
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, ...s3, S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_ENDPOINT: must be https:// in production',
    ]);
  });

  it('several missing providers are named together', () => {
    expect(
      problems({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'outbox',
        DATABASE_URL: 'postgres://x/y',
        UPLOAD_STORE: 'disk',
        STAFF_FACTOR_KEY: KEY,
        ...LENDER,
      }),
    ).toHaveLength(3);
  });
});

describe('payment provider configuration', () => {
  it('production refuses the sandbox, which settles payments without money', () => {
    expect(() => loadConfig({ ...PRODUCTION_SMS, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...PRODUCTION_SMS, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /refused in production/,
    );
  });

  it('the sandbox is the default only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ ...PRODUCTION_SMS, NODE_ENV: 'production' }).PAYMENT_PROVIDER).toBe('xendit');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).PAYMENT_PROVIDER).toBe('none');
  });

  it('production without Xendit settings refuses to start and names each one missing', () => {
    const sms = {
      SMS_PROVIDER: 'semaphore',
      SEMAPHORE_API_KEY: 'k',
      SEMAPHORE_SENDER_NAME: 'HIRAM',
      STAFF_FACTOR_KEY: KEY,
      ...LENDER,
    };
    expect(problems({ NODE_ENV: 'production', ...sms })).toEqual([
      'PAYMENT_PROVIDER=xendit needs XENDIT_SECRET_KEY, XENDIT_CALLBACK_TOKEN, PUBLIC_URL',
    ]);
    expect(problems({ NODE_ENV: 'production', ...sms, ...XENDIT, XENDIT_CALLBACK_TOKEN: '' })).toEqual([
      'PAYMENT_PROVIDER=xendit needs XENDIT_CALLBACK_TOKEN',
    ]);
    expect(problems({ NODE_ENV: 'production', ...sms, PAYMENT_PROVIDER: 'none' })).toEqual([
      expect.stringMatching(
        /^PAYMENT_PROVIDER: 'none' .* refused in production; set PAYMENT_PROVIDER=xendit with XENDIT_SECRET_KEY, XENDIT_CALLBACK_TOKEN, PUBLIC_URL$/,
      ),
    ]);
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, XENDIT_BASE_URL: 'http://127.0.0.1:4010' })).toEqual([
      expect.stringMatching(/^XENDIT_BASE_URL: must be https/),
    ]);
  });

  it('production always needs its public https address, whatever the payment settings', () => {
    const withoutAddress = Object.fromEntries(Object.entries(PRODUCTION_SMS).filter(([key]) => key !== 'PUBLIC_URL'));
    const sandbox = expect.stringMatching(/^PAYMENT_PROVIDER: the sandbox .* refused in production/);
    expect(problems({ NODE_ENV: 'production', ...withoutAddress, PAYMENT_PROVIDER: 'sandbox' })).toEqual([
      sandbox,
      'PUBLIC_URL: required in production (the public https address)',
    ]);
    expect(
      problems({
        NODE_ENV: 'production',
        ...PRODUCTION_SMS,
        PAYMENT_PROVIDER: 'sandbox',
        PUBLIC_URL: 'http://hiram.ph',
      }),
    ).toEqual([sandbox, 'PUBLIC_URL: must be https:// in production']);
    // With Xendit its own check names the address, once.
    expect(problems({ NODE_ENV: 'production', ...withoutAddress })).toEqual([
      'PAYMENT_PROVIDER=xendit needs PUBLIC_URL',
    ]);
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, PUBLIC_URL: 'http://hiram.ph' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must be https:\/\/ in production \(the e-wallet/),
    ]);
    // Outside production the start prints localhost addresses instead.
    expect(problems({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('choosing Xendit outside production needs its settings too', () => {
    expect(problems({ PAYMENT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k' })).toEqual([
      'PAYMENT_PROVIDER=xendit needs XENDIT_CALLBACK_TOKEN, PUBLIC_URL',
    ]);
  });

  it('without the sandbox there is no sandbox checkout or callback, and a pay request is refused clearly', async () => {
    const t = await buildTestApp({ seed: false, env: { PAYMENT_PROVIDER: 'none' } });
    await seedProducts(t.database.db);
    const { orderId, phone } = await orderFor(t.database.db, 'disbursed', { daysAgo: 89 });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay/12345678901234?key=x' })).json().code).toBe(40400);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/pay/12345678901234/pay' })).json().code).toBe(40400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/owner/payments/sandbox/callback', payload: {} })).json().code,
    ).toBe(40400);
    const token = await t.login(phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/repayment/pay-request',
      headers: { authorization: `Session ${token}` },
      payload: { orderId: String(orderId), amount: '10000', channelNumber: '91001' },
    });
    expect(res.json()).toMatchObject({
      code: 50300,
      message: 'Online payment is not available at the moment. Please try again later.',
    });
  });
});

describe('lender limits configuration', () => {
  it('unset or empty, the engine defaults apply', () => {
    expect(loadConfig({ LENDER_MAX_ROLLOVERS: '' }).lenderLimits).toEqual(loadConfig({}).lenderLimits);
    expect(loadConfig({}).lenderLimits).toEqual({
      maxDailyInterestBps: 20,
      maxServiceFeeBps: 500,
      maxTotalCostBps: 10_000,
      maxRollovers: 1,
      maxDefaultChargeShareBps: 1_000,
    });
  });

  it('each setting is read as a whole number of basis points (or extensions)', () => {
    const config = loadConfig({
      LENDER_MAX_DAILY_INTEREST_BPS: '15',
      LENDER_MAX_FEE_BPS: '300',
      LENDER_MAX_TOTAL_COST_BPS: '8000',
      LENDER_MAX_ROLLOVERS: '0',
      LENDER_MAX_DEFAULT_CHARGE_SHARE_BPS: '500',
    });
    expect(config.lenderLimits).toEqual({
      maxDailyInterestBps: 15,
      maxServiceFeeBps: 300,
      maxTotalCostBps: 8_000,
      maxRollovers: 0,
      maxDefaultChargeShareBps: 500,
    });
  });

  it('a value out of bounds or not whole stops the start, naming the setting', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ LENDER_MAX_DAILY_INTEREST_BPS: '1001' })).toEqual([
      'LENDER_MAX_DAILY_INTEREST_BPS: must be at most 1000',
    ]);
    expect(problems({ LENDER_MAX_FEE_BPS: '2.5' })).toEqual(['LENDER_MAX_FEE_BPS: must be a whole number']);
    expect(problems({ LENDER_MAX_ROLLOVERS: '-1' })).toEqual(['LENDER_MAX_ROLLOVERS: must be at least 0']);
    expect(problems({ LENDER_MAX_TOTAL_COST_BPS: 'lots' })).toHaveLength(1);
  });
});

describe('STAFF_FACTOR_KEY (sealing staff authenticator secrets)', () => {
  it('production refuses to start without it, and names it', () => {
    const { STAFF_FACTOR_KEY: _key, ...withoutKey } = PRODUCTION_SMS;
    expect(problems({ NODE_ENV: 'production', ...withoutKey })).toEqual([
      'STAFF_FACTOR_KEY: required in production to seal the staff authenticator secrets (openssl rand -base64 32)',
    ]);
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS })).toEqual([]);
  });

  it('must be 32 bytes in base64; outside production it may be left out', () => {
    for (const bad of [
      'short',
      Buffer.alloc(16).toString('base64'),
      Buffer.alloc(33).toString('base64'),
      'not base64 at all!!',
    ]) {
      expect(problems({ STAFF_FACTOR_KEY: bad })).toEqual([
        'STAFF_FACTOR_KEY: must be 32 bytes in base64 (openssl rand -base64 32)',
      ]);
    }
    expect(problems({})).toEqual([]);
    expect(problems({ STAFF_FACTOR_KEY: KEY })).toEqual([]);
  });
});

describe('addresses the server hands out must pass its own redirect allowlist', () => {
  it('production refuses Xendit checkout hosts that are not allowed, naming each', () => {
    const checkout = { XENDIT_CHECKOUT_HOSTS: 'gcash.example.ph, maya.example.ph' };
    expect(problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, ...checkout })).toEqual([
      'ALLOWED_REDIRECT_HOSTS: does not allow the payment checkout hosts gcash.example.ph, maya.example.ph (XENDIT_CHECKOUT_HOSTS): every e-wallet payment would fail after Xendit created it',
    ]);
    expect(
      problems({
        NODE_ENV: 'production',
        ...PRODUCTION_SMS,
        ...checkout,
        ALLOWED_REDIRECT_HOSTS: 'play.google.com,apps.apple.com,gcash.example.ph',
      }),
    ).toEqual([
      'ALLOWED_REDIRECT_HOSTS: does not allow the payment checkout host maya.example.ph (XENDIT_CHECKOUT_HOSTS): every e-wallet payment would fail after Xendit created it',
    ]);
    expect(
      problems({ NODE_ENV: 'production', ...PRODUCTION_SMS, ...checkout, ALLOWED_REDIRECT_HOSTS: '*.example.ph' }),
    ).toEqual([]);
  });

  it('a Xendit test-mode key checks out on the mock connector, which must then be allowed', () => {
    const { XENDIT_CHECKOUT_HOSTS: _hosts, ...withoutHosts } = PRODUCTION_SMS;
    const testMode = { NODE_ENV: 'production', ...withoutHosts, XENDIT_SECRET_KEY: 'xnd_development_abc' };
    expect(problems(testMode)).toEqual([
      'ALLOWED_REDIRECT_HOSTS: does not allow the payment checkout host ewallet-mock-connector.xendit.co (XENDIT_CHECKOUT_HOSTS): every e-wallet payment would fail after Xendit created it',
    ]);
    expect(problems({ ...testMode, ALLOWED_REDIRECT_HOSTS: 'ewallet-mock-connector.xendit.co' })).toEqual([]);
  });

  it('production with a live Xendit key needs the checkout hosts named', () => {
    const { XENDIT_CHECKOUT_HOSTS: _hosts, ...withoutHosts } = PRODUCTION_SMS;
    expect(problems({ NODE_ENV: 'production', ...withoutHosts })).toEqual([
      expect.stringMatching(/^XENDIT_CHECKOUT_HOSTS: required in production with a live key/),
    ]);
  });

  it('ORDER_REDIRECT_URL outside the allowlist is refused at start, naming it', () => {
    expect(problems({ ORDER_REDIRECT_URL: 'https://evil.example/promo' })).toEqual([
      'ORDER_REDIRECT_URL: https://evil.example/promo is not allowed by ALLOWED_REDIRECT_HOSTS (play.google.com, apps.apple.com); borrowers would be sent where the pages refuse to go',
    ]);
    expect(problems({ ORDER_REDIRECT_URL: 'http://play.google.com/x' })).toHaveLength(1);
    expect(problems({ ORDER_REDIRECT_URL: 'https://play.google.com/store/apps' })).toEqual([]);
    expect(problems({ ORDER_REDIRECT_URL: '' })).toEqual([]);
    expect(problems({ ORDER_REDIRECT_URL: 'https://hiram.ph/promo', ALLOWED_REDIRECT_HOSTS: 'hiram.ph' })).toEqual([]);
  });
});
