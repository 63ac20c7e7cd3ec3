import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { borrowers, otpCodes, promotionCaptchas, smsOutbox } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';
import { promotionClient } from '../../test/promotion-support';
import { CAPTCHA_NEEDED_MESSAGE } from './login-code';

const t = await buildTestApp({ seed: false });
const db = t.database.db;
let host = 0;
const freshIp = () => `198.51.100.${(++host % 250) + 1}`;

const sendLogin = (payload: Record<string, string>, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/owner/v3/auth/send-login-code',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(payload).toString(),
  });
const sentTo = async (phone: string) => (await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).length;
const letResendWaitPass = (phone: string) =>
  db.update(otpCodes).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(otpCodes.phone, phone));
const shape = (res: Awaited<ReturnType<typeof sendLogin>>) => ({ status: res.statusCode, body: res.json() });

describe('web login send-login-code: the first code of the day is free, then the picture captcha', () => {
  it('the second code needs a solved captcha (428, nothing sent); with one it is sent', async () => {
    const phone = '09175562501';
    const ip = freshIp();
    expect((await sendLogin({ phone }, ip)).json()).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });
    await letResendWaitPass(phone);
    const asked = await sendLogin({ phone }, freshIp());
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toMatchObject({ code: Code.CAPTCHA_REQUIRED, message: CAPTCHA_NEEDED_MESSAGE });
    expect(await sentTo(phone)).toBe(1);

    const { sid, text } = await promotionClient(t, ip).captcha();
    expect((await sendLogin({ phone, sid, capcode: text }, ip)).json().code).toBe(0);
    expect(await sentTo(phone)).toBe(2);
    // The captcha is spent: it sends one code only.
    await letResendWaitPass(phone);
    expect((await sendLogin({ phone, sid, capcode: text }, ip)).json().code).toBe(Code.CAPTCHA_REQUIRED);
    expect(await sentTo(phone)).toBe(2);
  });

  it('a wrong answer is refused with 428, kills the captcha and sends nothing', async () => {
    const phone = '09175562502';
    const ip = freshIp();
    await sendLogin({ phone }, ip);
    await letResendWaitPass(phone);
    const api = promotionClient(t, ip);
    const { sid, text } = await api.captcha();
    const wrong = await sendLogin({ phone, sid, capcode: api.wrong(text) }, ip);
    expect(wrong.statusCode).toBe(428);
    expect(wrong.json()).toMatchObject({
      code: Code.CAPTCHA_REQUIRED,
      message: 'The picture captcha is not correct. Please enter the new one.',
    });
    expect((await sendLogin({ phone, sid, capcode: text }, ip)).json().code).toBe(Code.CAPTCHA_REQUIRED);
    const [row] = await db.select().from(promotionCaptchas).where(eq(promotionCaptchas.sid, sid));
    expect(row?.consumedAt).not.toBeNull();
    expect(await sentTo(phone)).toBe(1);
  });

  it('a captcha kept through a refusal (resend wait) is still good for the retry', async () => {
    const phone = '09175562503';
    const ip = freshIp();
    await sendLogin({ phone }, ip);
    const { sid, text } = await promotionClient(t, ip).captcha();
    expect((await sendLogin({ phone, sid, capcode: text }, ip)).json().code).toBe(Code.OTP_RESEND_TOO_SOON);
    await letResendWaitPass(phone);
    expect((await sendLogin({ phone, sid, capcode: text }, ip)).json().code).toBe(0);
  });

  it('a registered phone and a stranger get the same answers at every step', async () => {
    const registered = '09175562504';
    const stranger = '09175562505';
    await db.insert(borrowers).values({ phone: registered });
    const steps: Array<Array<{ status: number; body: unknown }>> = [[], []];
    for (const [i, phone] of [registered, stranger].entries()) {
      const ip = freshIp();
      steps[i]?.push(shape(await sendLogin({ phone }, ip)));
      steps[i]?.push(shape(await sendLogin({ phone }, ip)));
      await letResendWaitPass(phone);
      steps[i]?.push(shape(await sendLogin({ phone }, ip)));
      const { sid, text } = await promotionClient(t, ip).captcha();
      steps[i]?.push(shape(await sendLogin({ phone, sid, capcode: text }, ip)));
    }
    expect(steps[0]).toEqual(steps[1]);
    expect(steps[0]?.map((s) => (s.body as { code: number }).code)).toEqual([
      0,
      Code.CAPTCHA_REQUIRED,
      Code.CAPTCHA_REQUIRED,
      0,
    ]);
  });

  it('20 concurrent requests for a new phone without a captcha send one code', async () => {
    const phone = '09175562506';
    const replies = await Promise.all(Array.from({ length: 20 }, () => sendLogin({ phone }, freshIp())));
    expect(replies.filter((r) => r.json().code === 0)).toHaveLength(1);
    expect(await sentTo(phone)).toBe(1);
  });
});
