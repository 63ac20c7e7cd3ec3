import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { otpCodes, rateLimitCounters, smsOutbox } from '../../db/schema';
import { fixedRateClock } from '../../test/fixed-clock';
import { buildTestApp } from '../../test/test-app';
import { promotionClient } from '../../test/promotion-support';
import { OTP_CAPS, otpService } from '../../identity/otp-service';

const t = await buildTestApp({ seed: false });
const db = t.database.db;

const post = (phone: string, remoteAddress: string, captcha: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/owner/v3/auth/send-login-code',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ phone, ...captcha }).toString(),
  });
/** A send as the login page makes it: without a captcha, and again with one solved when asked (after the first free code). */
async function sendLogin(phone: string, remoteAddress: string) {
  const first = await post(phone, remoteAddress);
  if (first.json().code !== Code.CAPTCHA_REQUIRED) return first;
  const { sid, text } = await promotionClient(t, remoteAddress).captcha();
  return post(phone, remoteAddress, { sid, capcode: text });
}
/** As if the borrower came back after the 60 s wait. */
const letResendWaitPass = () => db.update(otpCodes).set({ createdAt: sql`now() - interval '2 minutes'` });
/** As if the hour window had ended (the day window goes on). */
const nextHour = () =>
  db
    .update(rateLimitCounters)
    .set({ windowStart: sql`${rateLimitCounters.windowStart} - interval '1 hour'` })
    .where(eq(rateLimitCounters.windowSeconds, 3600));
const sentTo = async (phone: string) => (await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).length;
const phoneNo = (n: number) => `0917556${String(2400 + n).padStart(4, '0')}`;

describe('architecture.md: Providers OTP caps in front of every send (web login)', () => {
  it('per phone: 5 codes an hour, then RATE_LIMITED with a clear message; nothing sent', async () => {
    const phone = phoneNo(1);
    for (let i = 0; i < OTP_CAPS.phonePerHour; i++) {
      expect((await sendLogin(phone, `192.0.2.${i + 1}`)).json().code).toBe(0);
      await letResendWaitPass();
    }
    const refused = await sendLogin(phone, '192.0.2.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(
        /^Too many codes were sent to this number\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
      ),
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect(refused.json().data.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await sentTo(phone)).toBe(OTP_CAPS.phonePerHour);
  });

  it('per phone: 10 codes a day across hours', async () => {
    const phone = phoneNo(2);
    let n = 0;
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < OTP_CAPS.phonePerHour; i++) {
        expect((await sendLogin(phone, `192.0.2.${++n + 10}`)).json().code).toBe(0);
        await letResendWaitPass();
      }
      await nextHour();
    }
    const refused = await sendLogin(phone, '192.0.2.98');
    expect(refused.json().code).toBe(Code.RATE_LIMITED);
    expect(refused.json().data.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.json().data.retryAfterSeconds).toBeLessThanOrEqual(86_400);
    expect(await sentTo(phone)).toBe(OTP_CAPS.phonePerDay);
  });

  it('per address: 20 codes an hour and 50 a day, whatever the phones', async () => {
    const ip = '198.51.100.200';
    let n = 100;
    const send = async () => (await sendLogin(phoneNo(++n), ip)).json();
    for (let i = 0; i < OTP_CAPS.addressPerHour; i++) expect((await send()).code).toBe(0);
    const hourly = await send();
    expect(hourly).toMatchObject({
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(/^Too many codes were requested from your network\. Please try again in/),
    });
    // Another address is not affected.
    expect((await sendLogin(phoneNo(++n), '198.51.100.201')).json().code).toBe(0);
    await nextHour();
    for (let i = 0; i < OTP_CAPS.addressPerHour; i++) expect((await send()).code).toBe(0);
    await nextHour();
    for (let i = 0; i < OTP_CAPS.addressPerDay - 2 * OTP_CAPS.addressPerHour; i++) expect((await send()).code).toBe(0);
    const daily = await send();
    expect(daily.code).toBe(Code.RATE_LIMITED);
    expect(daily.data.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('IPv6: one /64 is one address', async () => {
    const phone = (i: number) => phoneNo(300 + i);
    for (let i = 0; i < OTP_CAPS.addressPerHour; i++) {
      expect((await sendLogin(phone(i), `2001:db8:aa:1::${(i + 1).toString(16)}`)).json().code).toBe(0);
    }
    expect((await sendLogin(phone(99), '2001:db8:aa:1:ffff::1')).json().code).toBe(Code.RATE_LIMITED);
    expect((await sendLogin(phone(98), '2001:db8:aa:2::1')).json().code).toBe(0);
  });

  it('the too-early resend is told to wait 60 s and spends none of the caps', async () => {
    const phone = phoneNo(400);
    expect((await sendLogin(phone, '192.0.2.200')).json().code).toBe(0);
    for (let i = 0; i < 10; i++)
      expect((await sendLogin(phone, '192.0.2.200')).json().code).toBe(Code.OTP_RESEND_TOO_SOON);
    const [counter] = await db
      .select()
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${`otp:phone:${phone}`} and ${rateLimitCounters.windowSeconds} = 3600`);
    expect(counter?.hits).toBe(1);
  });

  it('outside production the machine itself (loopback) is not capped: tests and developers share it', async () => {
    const phone = phoneNo(500);
    for (let i = 0; i < OTP_CAPS.phonePerHour + 2; i++) {
      expect((await sendLogin(phone, '127.0.0.1')).json().code).toBe(0);
      await letResendWaitPass();
    }
  });

  it('in production loopback is capped like everyone (it could be forged through X-Forwarded-For)', async () => {
    const sms = { send: async () => {}, sendCode: async () => {} };
    const strict = otpService(db, sms, 'Hiram', { rateClock: fixedRateClock }); // what production builds: no exemption
    const phone = phoneNo(600);
    for (let i = 0; i < OTP_CAPS.phonePerHour; i++) {
      await strict.issue(phone, 'login', '127.0.0.1');
      await letResendWaitPass();
    }
    await expect(strict.issue(phone, 'login', '127.0.0.1')).rejects.toMatchObject({ code: Code.RATE_LIMITED });
  });

  it('login and registration codes share the per-phone caps', async () => {
    const sms = { send: async () => {}, sendCode: async () => {} };
    const strict = otpService(db, sms, 'Hiram', { rateClock: fixedRateClock });
    const phone = phoneNo(700);
    for (let i = 0; i < OTP_CAPS.phonePerHour; i++) {
      await strict.issue(phone, i % 2 === 0 ? 'login' : 'register', `192.0.2.${150 + i}`);
      await letResendWaitPass();
    }
    await expect(strict.issue(phone, 'register', '192.0.2.170')).rejects.toMatchObject({ code: Code.RATE_LIMITED });
  });
});
