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
