import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { borrowers, otpCodes, promotionCaptchas, smsOutbox } from '../../db/schema';
import { buildPromotionTestApp, freshAddress, promotionClient } from '../../test/promotion-support';

const t = await buildPromotionTestApp();
let api = promotionClient(t);
beforeEach(() => {
  api = promotionClient(t, freshAddress());
});
const db = t.database.db;

const sent = async (phone: string) => (await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).length;
/** As if the visitor came back after the 60 s wait. */
const letResendWaitPass = (phone: string) =>
  db.update(otpCodes).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(otpCodes.phone, phone));

describe('spec 001 §7 get-sms', () => {
  it('spec 001 §7: 0 sent — a right captcha sends a 6-digit registration code', async () => {
    const phone = '09175562201';
    const { sid, text } = await api.captcha();
    const res = await api.post('/promotion/get-sms', {
      phone,
      capcode: text.toLowerCase(), // the captcha is read without regard to case
      sid,
      deviceId: 'web',
      appName: 'hiram',
      app_from: 'hiram',
      user_from: 'facebook',
      utm_tag: 'launch',
    });
    expect(res.json()).toEqual({ code: 0, data: { resendAfterSeconds: 60 }, message: 'success' });
    expect(await api.latestCode(phone)).toMatch(/^\d{6}$/);
    const [code] = await db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(code?.purpose).toBe('register');
  });

  it('spec 001 §7: the registration code’s SMS is in the language of the page (Filipino here)', async () => {
    const phone = '09175562299';
    const { sid, text } = await api.captcha();
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/api/v2/youmi/promotion/get-sms',
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fil-PH,fil;q=0.9' },
      payload: new URLSearchParams({ phone, capcode: text, sid }).toString(),
    });
    expect(res.json().code).toBe(0);
    const [message] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(message?.body).toMatch(/para gumawa ng account/);
  });

  it('spec 001 §7: 101 on a wrong picture captcha, nothing sent, and the sid is dead', async () => {
    const phone = '09175562202';
    const { sid, text } = await api.captcha();
    const wrong = await api.post('/promotion/get-sms', { phone, capcode: api.wrong(text), sid });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({
      code: Code.WRONG_CAPTCHA,
      message: 'The picture captcha is not correct. Please enter the new one.',
    });
    const right = await api.post('/promotion/get-sms', { phone, capcode: text, sid });
    expect(right.json()).toMatchObject({ code: Code.WRONG_CAPTCHA, message: expect.stringMatching(/expired/) });
    expect(await sent(phone)).toBe(0);
    const [row] = await db.select().from(promotionCaptchas).where(eq(promotionCaptchas.sid, sid));
    expect(row?.consumedAt).not.toBeNull();
  });

  it('architecture.md: Providers: a captcha sends one code only; reusing it is refused with 101', async () => {
    const { sid, text } = await api.captcha();
    expect((await api.post('/promotion/get-sms', { phone: '09175562203', capcode: text, sid })).json().code).toBe(0);
    await letResendWaitPass('09175562203');
    for (const phone of ['09175562203', '09175562204']) {
      expect((await api.post('/promotion/get-sms', { phone, capcode: text, sid })).json().code).toBe(
        Code.WRONG_CAPTCHA,
      );
    }
    expect(await sent('09175562204')).toBe(0);
  });

  it('architecture.md: Providers: a captcha expires after 5 minutes', async () => {
    const { sid, text } = await api.captcha();
    await db
      .update(promotionCaptchas)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(promotionCaptchas.sid, sid));
    const res = await api.post('/promotion/get-sms', { phone: '09175562205', capcode: text, sid });
    expect(res.json()).toMatchObject({ code: Code.WRONG_CAPTCHA, message: expect.stringMatching(/expired/) });
  });

  it('a captcha never drawn, or unknown, is refused with 101', async () => {
    const sid = (await api.get('/promotion/get-sid')).json().data.sid as string;
    expect((await api.post('/promotion/get-sms', { phone: '09175562206', capcode: 'ACEF', sid })).json().code).toBe(
      Code.WRONG_CAPTCHA,
    );
    const unknown = await api.post('/promotion/get-sms', {
      phone: '09175562206',
      capcode: 'ACEF',
      sid: 'z'.repeat(22),
    });
    expect(unknown.json().code).toBe(Code.WRONG_CAPTCHA);
  });

  it('spec 001 §7 (departure): a registered phone gets the same answer as a new one, and a code', async () => {
    const registered = '09175562207';
    const stranger = '09175562217';
    await db.insert(borrowers).values({ phone: registered });
    const replies = [];
    for (const phone of [registered, stranger]) {
      const { sid, text } = await api.captcha();
      const res = await api.post('/promotion/get-sms', { phone, capcode: text, sid });
      replies.push({ status: res.statusCode, body: res.json(), contentType: res.headers['content-type'] });
    }
    expect(replies[0]).toEqual(replies[1]);
    expect(replies[0]?.body).toEqual({ code: 0, data: { resendAfterSeconds: 60 }, message: 'success' });
    expect(await sent(registered)).toBe(1);
    expect(await sent(stranger)).toBe(1);
  });

  it('spec 001 §7 (departure): refusals do not differ for registered and new phones either', async () => {
    const registered = '09175562208';
    const stranger = '09175562218';
    await db.insert(borrowers).values({ phone: registered });
    const wrong = [];
    const tooSoon = [];
    for (const phone of [registered, stranger]) {
      const { sid, text } = await api.captcha();
      wrong.push((await api.post('/promotion/get-sms', { phone, capcode: api.wrong(text), sid })).json());
      await api.sendCode(phone);
      const again = await api.captcha();
      const res = await api.post('/promotion/get-sms', { phone, capcode: again.text, sid: again.sid });
      tooSoon.push({ status: res.statusCode, code: res.json().code });
    }
    expect(wrong[0]).toEqual(wrong[1]);
    expect(wrong[0]?.code).toBe(Code.WRONG_CAPTCHA);
    expect(tooSoon[0]).toEqual(tooSoon[1]);
    expect(tooSoon[0]?.code).toBe(Code.OTP_RESEND_TOO_SOON);
  });

  it('architecture.md: Providers: a second code within 60 s is refused; the captcha stays usable for the retry', async () => {
    const phone = '09175562209';
    await api.sendCode(phone);
    const { sid, text } = await api.captcha();
    const again = await api.post('/promotion/get-sms', { phone, capcode: text, sid });
    expect(again.json()).toMatchObject({
      code: Code.OTP_RESEND_TOO_SOON,
      message: expect.stringMatching(/^Please do not send the code twice\. Try again in \d+ s\.$/),
      data: { resendAfterSeconds: expect.any(Number) },
    });
    expect(await sent(phone)).toBe(1);
    await letResendWaitPass(phone);
    expect((await api.post('/promotion/get-sms', { phone, capcode: text, sid })).json().code).toBe(0);
    expect(await sent(phone)).toBe(2);
  });

  it('architecture.md: Providers: per-phone cap (5 an hour) through get-sms, with a clear message', async () => {
    const phone = '09175562210';
    for (let i = 0; i < 5; i++) {
      await api.sendCode(phone, `198.51.100.${10 + i}`);
      await letResendWaitPass(phone);
    }
    const { sid, text } = await api.captcha('198.51.100.20');
    const res = await api.post('/promotion/get-sms', { phone, capcode: text, sid }, '198.51.100.20');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(
        /^Too many codes were sent to this number\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
      ),
    });
    expect(await sent(phone)).toBe(5);
  });

  it('spec 001 §5, architecture.md: Languages and departures: bad phone formats are refused naming the field, and nothing is written', async () => {
    const { sid, text } = await api.captcha();
    for (const phone of ['12345', '0817 123 4567', '09171234567890', '+1 917 123 4567', '', 'abcdefghijk']) {
      const res = await api.post('/promotion/get-sms', { phone, capcode: text, sid });
      expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'phone' } });
    }
    // The captcha was not spent on malformed input.
    const [row] = await db
      .select()
      .from(promotionCaptchas)
      .where(and(eq(promotionCaptchas.sid, sid)));
    expect(row?.consumedAt).toBeNull();
    expect(row?.passedPhone).toBeNull();
  });

  it('accepts +63 and 63 numbers and sends to the 09… number', async () => {
    const { sid, text } = await api.captcha();
    expect((await api.post('/promotion/get-sms', { phone: '+63 917 556 2211', capcode: text, sid })).json().code).toBe(
      0,
    );
    expect(await sent('09175562211')).toBe(1);
  });

  it('a malformed captcha or sid is refused naming the field', async () => {
    const { sid } = await api.captcha();
    const long = await api.post('/promotion/get-sms', { phone: '09175562212', capcode: 'ACEFH', sid });
    expect(long.json()).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'capcode' },
      message: 'Enter the picture captcha correctly',
    });
    const noSid = await api.post('/promotion/get-sms', { phone: '09175562212', capcode: 'ACEF' });
    expect(noSid.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'sid' } });
  });
});
