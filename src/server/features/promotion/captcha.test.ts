import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { promotionCaptchas } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';
import { CAPTCHA_ALPHABET, captchaSvg } from './captcha';
import { PROMOTION_CAPS } from './limits';
import { buildPromotionTestApp, promotionClient } from './test-helpers';

const t = await buildPromotionTestApp();
const api = promotionClient(t);

describe('DESIGN §9 picture captcha (spec 001 §7 get-sid, get-captcha)', () => {
  it('spec 001 §7: get-sid answers data.sid with code 0; the image is an SVG of 4 clear characters', async () => {
    const sid = await api.get('/promotion/get-sid');
    expect(sid.json()).toMatchObject({ code: 0, data: { sid: expect.stringMatching(/^[\w-]{22}$/) } });
    const image = await api.get('/promotion/get-captcha', { sid: sid.json().data.sid, t: '1' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.body).toMatch(/^<svg [^>]*width="120" height="44"/);
    expect(image.body).not.toMatch(/<script|<text/); // paths only: nothing to read or run
    const [row] = await t.database.db.select().from(promotionCaptchas).where(eq(promotionCaptchas.sid, sid.json().data.sid));
    expect(row?.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL2Z5S8BUVG6QD]/);
  });

  it('draws the characters it was given (the answer is never in the image as text)', () => {
    const svg = captchaSvg('ACEF');
    expect(svg.match(/<path fill=/g)).toHaveLength(4);
    expect(svg).not.toContain('ACEF');
  });

  it('the sids are unpredictable and distinct', async () => {
    const sids = new Set<string>();
    for (let i = 0; i < 5; i++) sids.add((await api.get('/promotion/get-sid')).json().data.sid);
    expect(sids.size).toBe(5);
  });

  it('a redraw of the same sid replaces the answer: only the image on screen can be answered', async () => {
    const { sid, text } = await api.captcha();
    await api.get('/promotion/get-captcha', { sid, t: '2' });
    const [row] = await t.database.db.select().from(promotionCaptchas).where(eq(promotionCaptchas.sid, sid));
    // Four characters from 19: the same text twice in a row is a 1 in 130,321 chance.
    expect(row?.answer).not.toBe(text);
  });

  it('an unknown or malformed sid gets no image but an envelope refusal', async () => {
    const unknown = await api.get('/promotion/get-captcha', { sid: 'x'.repeat(22), t: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: Code.NOT_FOUND, message: expect.stringMatching(/expired/) });
    const malformed = await api.get('/promotion/get-captcha', { sid: '<svg>', t: '1' });
    expect(malformed.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'sid' } });
  });

  it('DESIGN §9: expires 5 minutes after it is drawn', async () => {
    const { sid } = await api.captcha();
    const [row] = await t.database.db
      .select({ seconds: sql<number>`extract(epoch from ${promotionCaptchas.expiresAt} - now())::float8` })
      .from(promotionCaptchas)
      .where(eq(promotionCaptchas.sid, sid));
    expect(row?.seconds).toBeGreaterThan(295);
    expect(row?.seconds).toBeLessThanOrEqual(300);
  });

  it('DESIGN §9: an expired sid cannot be drawn again', async () => {
    const { sid } = await api.captcha();
    await t.database.db
      .update(promotionCaptchas)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(promotionCaptchas.sid, sid));
    expect((await api.get('/promotion/get-captcha', { sid, t: '3' })).statusCode).toBe(404);
  });

  it('DESIGN §9: captcha fetches are capped per address; other addresses are not affected', async () => {
    const ip = '198.51.100.77';
    const codes: number[] = [];
    for (let i = 0; i <= PROMOTION_CAPS.captchasPerHour; i++) codes.push((await api.get('/promotion/get-sid', {}, ip)).json().code);
    expect(codes.slice(0, -1).every((c) => c === 0)).toBe(true);
    const refused = await api.get('/promotion/get-sid', {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(/^Too many picture captchas were requested from your network\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/),
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await api.get('/promotion/get-sid', {}, '198.51.100.78')).json().code).toBe(0);
  });

  it('image draws are capped per address too', async () => {
    const ip = '198.51.100.80';
    const { sid } = await api.captcha(ip);
    let last = 0;
    for (let i = 1; i <= PROMOTION_CAPS.drawsPerHour; i++) last = (await api.get('/promotion/get-captcha', { sid, t: String(i) }, ip)).statusCode;
    expect(last).toBe(429);
  });
});

describe('the development captcha call (like /owner/dev/sms-outbox)', () => {
  it('returns the text of a live captcha, and nothing for an unknown one', async () => {
    const { sid, text } = await api.captcha();
    expect(text).toMatch(/^[A-Z0-9]{4}$/);
    const again = await t.app.inject({ url: `/owner/dev/promotion/captcha-text?sid=${sid}` });
    expect(again.json().data.text).toBe(text);
    const unknown = await t.app.inject({ url: `/owner/dev/promotion/captcha-text?sid=${'y'.repeat(22)}` });
    expect(unknown.json().code).toBe(Code.NOT_FOUND);
  });

  it('is not registered in production', async () => {
    const prod = await buildTestApp({ seed: false, env: { NODE_ENV: 'production' } });
    const sid = (await prod.app.inject({ url: '/owner/api/v2/youmi/promotion/get-sid' })).json().data.sid;
    const res = await prod.app.inject({ url: `/owner/dev/promotion/captcha-text?sid=${sid}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: Code.NOT_FOUND, data: null, message: 'No such call' });
  });
});
