import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { borrowers, otpCodes, promotionCaptchas, promotionEvents } from '../../db/schema';
import { PROMOTION_CAPS } from './limits';
import { buildPromotionTestApp, freshAddress, promotionClient } from '../../test/promotion-support';

const t = await buildPromotionTestApp();
let api = promotionClient(t);
beforeEach(() => {
  api = promotionClient(t, freshAddress());
});
const db = t.database.db;

const borrower = (phone: string) => db.query.borrowers.findFirst({ where: eq(borrowers.phone, phone) });

describe('spec 001 §7 register', () => {
  it('spec 001 §7: 0 creates the borrower (userName = phone) attributed to id, app_from, user_from, utm_tag, invite_code', async () => {
    const phone = '09175562301';
    const { sid, capcode, smsCode } = await api.sendCode(phone);
    const res = await api.post('/promotion/register', {
      phone,
      capcode,
      sid,
      smsCode,
      deviceId: 'web',
      appName: 'hiram',
      merchantNumber: '0',
      userName: phone,
      invite_code: 'JUAN2024',
      user_from: 'facebook',
      id: '1',
      app_from: 'hiram',
      utm_tag: 'reg-attribution',
    });
    expect(res.json()).toEqual({ code: 0, data: {}, message: 'success' });
    expect(await borrower(phone)).toMatchObject({
      phone,
      templateId: 1,
      appFrom: 'hiram',
      userFrom: 'facebook',
      utmTag: 'reg-attribution',
      inviteCode: 'JUAN2024',
    });
    const events = await db.select().from(promotionEvents).where(eq(promotionEvents.utmTag, 'reg-attribution'));
    expect(events.map((e) => e.kind)).toEqual(['register']);
  });

  it('empty campaign parameters are stored as absent, not as empty text', async () => {
    const phone = '09175562302';
    const { sid, capcode, smsCode } = await api.sendCode(phone);
    const res = await api.post('/promotion/register', {
      phone,
      capcode,
      sid,
      smsCode,
      id: '',
      app_from: ' ',
      utm_tag: '',
      invite_code: '',
    });
    expect(res.json().code).toBe(0);
    expect(await borrower(phone)).toMatchObject({ templateId: null, appFrom: null, utmTag: null, inviteCode: null });
  });

  it('architecture.md: Sessions: the registered borrower signs in through the same OTP service', async () => {
    const phone = '09175562303';
    const { sid, capcode, smsCode } = await api.sendCode(phone);
    await api.post('/promotion/register', { phone, capcode, sid, smsCode });
    const token = await t.login(phone);
    const me = await t.app.inject({ url: '/owner/v3/auth/me', headers: { authorization: `Session ${token}` } });
    expect(me.json().data.phone).toBe(phone);
  });

  it('spec 001 §7: 11 when the phone is already registered, and nothing changes', async () => {
    const phone = '09175562304';
    const { sid, capcode, smsCode } = await api.sendCode(phone);
    // Registered through the web login between the SMS and Apply.
    await db.insert(borrowers).values({ phone, utmTag: 'before' });
    const res = await api.post('/promotion/register', { phone, capcode, sid, smsCode, utm_tag: 'after' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: Code.ALREADY_REGISTERED,
      message: 'You are already registered, please download the app and log in',
    });
    expect((await borrower(phone))?.utmTag).toBe('before');
  });

  it('spec 001 §7: 11 only once the SMS code is proven; before that a registered phone is answered like a new one', async () => {
    const registered = '09175562334';
    const stranger = '09175562335';
    await db.insert(borrowers).values({ phone: registered, utmTag: 'before' });
    const wrongCode = [];
    for (const phone of [registered, stranger]) {
      const { sid, capcode, smsCode } = await api.sendCode(phone);
      const other = smsCode === '000000' ? '111111' : '000000';
      const res = await api.post('/promotion/register', { phone, capcode, sid, smsCode: other });
      wrongCode.push({ status: res.statusCode, body: res.json() });
    }
    expect(wrongCode[0]).toEqual(wrongCode[1]);
    expect(wrongCode[0]?.body.code).toBe(Code.OTP_WRONG);
    // Without any code sent, both are told the code expired.
    const unsent = [];
    for (const phone of ['09175562336', '09175562337']) {
      if (phone === '09175562336') await db.insert(borrowers).values({ phone });
      const { sid, text } = await api.captcha();
      unsent.push((await api.post('/promotion/register', { phone, capcode: text, sid, smsCode: '123456' })).json());
    }
    expect(unsent[0]).toEqual(unsent[1]);
    expect(unsent[0]?.code).toBe(Code.OTP_EXPIRED);

    await db
      .update(otpCodes)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(otpCodes.phone, registered));
    const { sid, capcode, smsCode } = await api.sendCode(registered);
    const proven = await api.post('/promotion/register', {
      phone: registered,
      capcode,
      sid,
      smsCode,
      utm_tag: 'after',
    });
    expect(proven.json()).toMatchObject({
      code: Code.ALREADY_REGISTERED,
      message: 'You are already registered, please download the app and log in',
    });
    expect((await borrower(registered))?.utmTag).toBe('before');
  });

  it('spec 001 §7: -1 on a wrong picture captcha; the sid is dead and no borrower is made', async () => {
    const phone = '09175562305';
    const { sid, capcode, smsCode } = await api.sendCode(phone);
    const wrong = await api.post('/promotion/register', { phone, capcode: api.wrong(capcode), sid, smsCode });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({
      code: Code.WRONG_CAPTCHA_REGISTER,
      message: 'The picture captcha is not correct. Please enter the new one.',
    });
    const right = await api.post('/promotion/register', { phone, capcode, sid, smsCode });
    expect(right.json().code).toBe(Code.WRONG_CAPTCHA_REGISTER);
    expect(await borrower(phone)).toBeUndefined();
  });

  it('after -1 a new captcha and the SMS code already received register', async () => {
    const phone = '09175562306';
    const first = await api.sendCode(phone);
    await api.post('/promotion/register', { ...first, phone, capcode: api.wrong(first.capcode) });
    const fresh = await api.captcha();
    const res = await api.post('/promotion/register', {
      phone,
      capcode: fresh.text,
      sid: fresh.sid,
      smsCode: first.smsCode,
    });
    expect(res.json().code).toBe(0);
  });

  it('a captcha that sent the code to another phone cannot register this one (-1)', async () => {
    const other = await api.sendCode('09175562307');
    const phone = '09175562308';
    const mine = await api.sendCode(phone);
    const res = await api.post('/promotion/register', {
      phone,
      capcode: other.capcode,
      sid: other.sid,
      smsCode: mine.smsCode,
    });
    expect(res.json().code).toBe(Code.WRONG_CAPTCHA_REGISTER);
  });

  it('architecture.md: Providers: the captcha is single use: a second registration with it is refused (-1)', async () => {
    const phone = '09175562309';
    const sent = await api.sendCode(phone);
    expect((await api.post('/promotion/register', { ...sent, phone })).json().code).toBe(0);
    const [row] = await db.select().from(promotionCaptchas).where(eq(promotionCaptchas.sid, sent.sid));
    expect(row?.consumedAt).not.toBeNull();
    const again = await api.post('/promotion/register', { ...sent, phone: '09175562310' });
    expect(again.json().code).toBe(Code.WRONG_CAPTCHA_REGISTER);
  });

  it('a wrong SMS code keeps the captcha, so the visitor corrects the code and applies again', async () => {
    const phone = '09175562311';
    const sent = await api.sendCode(phone);
    const wrongCode = sent.smsCode === '000000' ? '111111' : '000000';
    const wrong = await api.post('/promotion/register', { ...sent, phone, smsCode: wrongCode });
    expect(wrong.json()).toMatchObject({
      code: Code.OTP_WRONG,
      message: 'The code is not correct. Please check the SMS and try again.',
    });
    expect(await borrower(phone)).toBeUndefined();
    expect((await api.post('/promotion/register', { ...sent, phone })).json().code).toBe(0);
  });

  it('architecture.md: Providers brute force: after 5 wrong SMS codes the right one is refused', async () => {
    const phone = '09175562312';
    const sent = await api.sendCode(phone);
    const wrongCode = sent.smsCode === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await api.post('/promotion/register', { ...sent, phone, smsCode: wrongCode })).json().code);
    expect(codes).toEqual([Code.OTP_WRONG, Code.OTP_WRONG, Code.OTP_WRONG, Code.OTP_WRONG, Code.OTP_TOO_MANY_TRIES]);
    expect((await api.post('/promotion/register', { ...sent, phone })).json().code).toBe(Code.OTP_TOO_MANY_TRIES);
    expect(await borrower(phone)).toBeUndefined();
  });

  it('a login code cannot register (codes are bound to their purpose)', async () => {
    const phone = '09175562313';
    await t.app.inject({
      method: 'POST',
      url: '/owner/v3/auth/send-login-code',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phone=${phone}`,
    });
    const loginCode = await api.latestCode(phone);
    const { sid, text } = await api.captcha();
    const res = await api.post('/promotion/register', { phone, capcode: text, sid, smsCode: loginCode });
    expect(res.json().code).toBe(Code.OTP_EXPIRED);
  });

  it('userName, when sent, must be the phone', async () => {
    const phone = '09175562314';
    const sent = await api.sendCode(phone);
    const res = await api.post('/promotion/register', { ...sent, phone, userName: '09175562399' });
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'userName' } });
    expect((await api.post('/promotion/register', { ...sent, phone, userName: '+639175562314' })).json().code).toBe(0);
  });

  it('spec 001 §5: malformed input is refused naming the field, and nothing is written', async () => {
    const { sid, text } = await api.captcha();
    const cases: [Record<string, string>, string][] = [
      [{ phone: '12345', capcode: text, sid, smsCode: '123456' }, 'phone'],
      [{ phone: '09175562315', capcode: '', sid, smsCode: '123456' }, 'capcode'],
      [{ phone: '09175562315', capcode: text, sid, smsCode: '12345' }, 'smsCode'],
      [{ phone: '09175562315', capcode: text, sid, smsCode: '12345a' }, 'smsCode'],
      [{ phone: '09175562315', capcode: text, sid, smsCode: '123456', id: 'abc' }, 'id'],
      [{ phone: '09175562315', capcode: text, sid, smsCode: '123456', utm_tag: 'x'.repeat(101) }, 'utm_tag'],
    ];
    for (const [payload, field] of cases) {
      expect((await api.post('/promotion/register', payload)).json()).toMatchObject({
        code: Code.BAD_REQUEST,
        data: { field },
      });
    }
    expect(await borrower('09175562315')).toBeUndefined();
    const [row] = await db.select().from(promotionCaptchas).where(eq(promotionCaptchas.sid, sid));
    expect(row?.consumedAt).toBeNull();
  });

  it('architecture.md: Providers: registration attempts are capped per address', async () => {
    const ip = '198.51.100.90';
    const codes: number[] = [];
    for (let i = 0; i <= PROMOTION_CAPS.registrationsPerHour; i++) {
      const res = await api.post(
        '/promotion/register',
        { phone: '09175562316', capcode: 'ACEF', sid: 'q'.repeat(22), smsCode: '123456' },
        ip,
      );
      codes.push(res.json().code);
    }
    expect(codes.slice(0, -1).every((c) => c === Code.WRONG_CAPTCHA_REGISTER)).toBe(true);
    expect(codes.at(-1)).toBe(Code.RATE_LIMITED);
  });
});
