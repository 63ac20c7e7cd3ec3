import { describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { buildTestApp, type TestApp } from '../test/test-app';

/**
 * Abuse: per-address limits must hold against a forged X-Forwarded-For. By default no
 * proxy is trusted; with TRUST_PROXY naming the load balancer, the header it sets counts.
 */
const message = new URLSearchParams({
  name: 'Ana Reyes',
  telephone: '0917 556 3001',
  email: 'ana@example.com',
  remark: 'Hello',
}).toString();

function contact(t: TestApp, from: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/owner/v3/public/contact-message',
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    payload: message,
  });
}

describe('X-Forwarded-For cannot evade per-address limits', () => {
  it('by default a new forged address per request still hits the limit of 5 an hour', async () => {
    const t = await buildTestApp({ seed: false });
    const codes: unknown[] = [];
    for (let i = 0; i < 7; i++) codes.push((await contact(t, '198.51.100.7', `203.0.113.${i + 1}`)).json().code);
    expect(codes.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(codes.slice(5)).toEqual([Code.RATE_LIMITED, Code.RATE_LIMITED]);
  });

  it('behind a trusted proxy the address it forwards is the one limited', async () => {
    const t = await buildTestApp({ seed: false, env: { TRUST_PROXY: '10.0.0.2' } });
    for (let i = 0; i < 5; i++) expect((await contact(t, '10.0.0.2', '203.0.113.50')).json().code).toBe(0);
    expect((await contact(t, '10.0.0.2', '203.0.113.50')).json().code).toBe(Code.RATE_LIMITED);
    // Another client behind the same proxy is not punished for the first one.
    expect((await contact(t, '10.0.0.2', '203.0.113.51')).json().code).toBe(0);
    // A peer that is not the trusted proxy cannot choose its address.
    for (let i = 0; i < 5; i++) await contact(t, '198.51.100.9', `203.0.113.${100 + i}`);
    expect((await contact(t, '198.51.100.9', '203.0.113.200')).json().code).toBe(Code.RATE_LIMITED);
  });
});
