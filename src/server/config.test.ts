import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test/test-app';
import { ConfigError, loadConfig } from './config';

describe('payment provider configuration', () => {
  it('production refuses the sandbox, which settles payments without money', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(/refused in production/);
  });

  it('the sandbox is the default only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENT_PROVIDER).toBe('none');
  });

  it('without the sandbox there is no sandbox checkout or callback, and a pay request is refused clearly', async () => {
    const t = await buildTestApp({ env: { PAYMENT_PROVIDER: 'none' } });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay/12345678901234?key=x' })).json().code).toBe(40400);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/pay/12345678901234/pay' })).json().code).toBe(40400);
    expect((await t.app.inject({ method: 'POST', url: '/owner/payments/sandbox/callback', payload: {} })).json().code).toBe(40400);
    const token = await t.login('09170000001');
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/repayment/pay-request',
      headers: { authorization: `Session ${token}` },
      payload: { orderId: '86', amount: '10000', channelNumber: '91001' },
    });
    expect(res.json()).toMatchObject({ code: 50300, message: 'Online payment is not available at the moment. Please try again later.' });
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
    expect(problems({ LENDER_MAX_DAILY_INTEREST_BPS: '1001' })).toEqual(['LENDER_MAX_DAILY_INTEREST_BPS: must be at most 1000']);
    expect(problems({ LENDER_MAX_FEE_BPS: '2.5' })).toEqual(['LENDER_MAX_FEE_BPS: must be a whole number']);
    expect(problems({ LENDER_MAX_ROLLOVERS: '-1' })).toEqual(['LENDER_MAX_ROLLOVERS: must be at least 0']);
    expect(problems({ LENDER_MAX_TOTAL_COST_BPS: 'lots' })).toHaveLength(1);
  });
});
