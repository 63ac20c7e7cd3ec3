import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { promotionCaptchas } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';
import sharp from 'sharp';
import { CAPTCHA_LENGTH } from '../../../shared/constants';
import { CAPTCHA_ALPHABET } from '../../abuse/captcha';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaImage } from '../../abuse/captcha-image';
import { PROMOTION_CAPS } from './limits';
import { buildPromotionTestApp, promotionClient } from '../../test/promotion-support';

const t = await buildPromotionTestApp();
const api = promotionClient(t);

/** 1 where the picture is dark (ink), 0 elsewhere. */
async function ink(png: Buffer): Promise<Uint8Array> {
  const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return Uint8Array.from(data, (v) => (v < 128 ? 1 : 0));
}
const iou = (a: Uint8Array, b: Uint8Array) => {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!;
    either += a[i]! | b[i]!;
  }
  return both / Math.max(1, either);
};
/** The columns of one character's place (the picture split in four). */
const slotOf = (pixels: Uint8Array, slot: number) => {
  const width = (CAPTCHA_WIDTH - 24) / CAPTCHA_LENGTH;
  const from = Math.round(12 + width * slot);
  const to = Math.round(12 + width * (slot + 1));
  const out: number[] = [];
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) for (let x = from; x < to; x++) out.push(pixels[y * CAPTCHA_WIDTH + x]!);
  return Uint8Array.from(out);
};
const hamming = (a: Uint8Array, b: Uint8Array) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += a[i] === b[i] ? 0 : 1;
  return d;
};

describe('architecture.md: Providers picture captcha (spec 001 §7 get-sid, get-captcha)', () => {
  it('spec 001 §7: get-sid answers data.sid with code 0; the image is a PNG of 4 characters, drawn at twice its 120×44 size', async () => {
    const sid = await api.get('/promotion/get-sid');
    expect(sid.json()).toMatchObject({ code: 0, data: { sid: expect.stringMatching(/^[\w-]{22}$/) } });
    const image = await api.get('/promotion/get-captcha', { sid: sid.json().data.sid, t: '1' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    const [row] = await t.database.db
      .select()
      .from(promotionCaptchas)
      .where(eq(promotionCaptchas.sid, sid.json().data.sid));
    expect(row?.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL2Z5S8BUVG6QD]/);
  });

  it("the outside probe's attack is gone: no outlines to compare, only pixels (the answer is not in the file)", async () => {
    const png = await captchaImage('ACEF');
    const text = png.toString('latin1');
    expect(text).not.toMatch(/<svg|<path|\bd="M/);
    expect(text).not.toContain('ACEF');
  });

  it('two drawings of the same text share few inked pixels (no template to match)', async () => {
    const overlaps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [a, b] = await Promise.all([ink(await captchaImage('HJKM')), ink(await captchaImage('HJKM'))]);
      overlaps.push(iou(a, b));
    }
    // Equal drawings would give 1; the old SVG gave about 0.97.
    expect(Math.max(...overlaps)).toBeLessThan(0.5);
  });

  it('a script that learns each character from 60 answered captchas reads few new ones (about 1 in 20, held under 6 of 40)', async () => {
    const random = () =>
      Array.from(
        { length: CAPTCHA_LENGTH },
        (_, i) => CAPTCHA_ALPHABET[(i * 7 + Math.floor(Math.random() * 19)) % 19],
      ).join('');
    const learn: Array<{ slot: number; ch: string; pixels: Uint8Array }> = [];
    for (let i = 0; i < 60; i++) {
      const text = random();
      const pixels = await ink(await captchaImage(text));
      for (const [slot, ch] of [...text].entries()) learn.push({ slot, ch, pixels: slotOf(pixels, slot) });
    }
    let solved = 0;
    let charsRight = 0;
    // 40 trials so the bound holds whatever the draw: a nearest-neighbour reader gets about 30–48%
    // of the characters, so about 1 in 20 whole answers; 6 or more of 40 would be a weaker picture.
    for (let i = 0; i < 40; i++) {
      const text = random();
      const pixels = await ink(await captchaImage(text));
      const read = [...text]
        .map((_, slot) => {
          const mine = slotOf(pixels, slot);
          let best = { ch: '', distance: Number.POSITIVE_INFINITY };
          for (const sample of learn) {
            const distance = hamming(mine, sample.pixels);
            if (distance < best.distance) best = { ch: sample.ch, distance };
          }
          return best.ch;
        })
        .join('');
      if (read === text) solved++;
      charsRight += [...read].filter((ch, k) => ch === text[k]).length;
    }
    expect(solved).toBeLessThan(6);
    expect(charsRight / 160).toBeLessThan(0.6);
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

  it('architecture.md: Providers: expires 5 minutes after it is drawn', async () => {
    const { sid } = await api.captcha();
    const [row] = await t.database.db
      .select({ seconds: sql<number>`extract(epoch from ${promotionCaptchas.expiresAt} - now())::float8` })
      .from(promotionCaptchas)
      .where(eq(promotionCaptchas.sid, sid));
    expect(row?.seconds).toBeGreaterThan(295);
    expect(row?.seconds).toBeLessThanOrEqual(300);
  });

  it('architecture.md: Providers: an expired sid cannot be drawn again', async () => {
    const { sid } = await api.captcha();
    await t.database.db
      .update(promotionCaptchas)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(promotionCaptchas.sid, sid));
    expect((await api.get('/promotion/get-captcha', { sid, t: '3' })).statusCode).toBe(404);
  });

  it('architecture.md: Providers: captcha fetches are capped per address; other addresses are not affected', async () => {
    const ip = '198.51.100.77';
    const codes: number[] = [];
    for (let i = 0; i <= PROMOTION_CAPS.captchasPerHour; i++)
      codes.push((await api.get('/promotion/get-sid', {}, ip)).json().code);
    expect(codes.slice(0, -1).every((c) => c === 0)).toBe(true);
    const refused = await api.get('/promotion/get-sid', {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(
        /^Too many picture captchas were requested from your network\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
      ),
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await api.get('/promotion/get-sid', {}, '198.51.100.78')).json().code).toBe(0);
  });

  it('image draws are capped per address too', async () => {
    const ip = '198.51.100.80';
    const { sid } = await api.captcha(ip);
    let last = 0;
    for (let i = 1; i <= PROMOTION_CAPS.drawsPerHour; i++)
      last = (await api.get('/promotion/get-captcha', { sid, t: String(i) }, ip)).statusCode;
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
