import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../../shared/constants';
import { PAY_QR_PATH } from '../../../shared/contracts/pay-qr';
import { buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
const PAYLOAD = '00020101021228QRPH5303608540815005802PH6304ABCD';
const qr = (query: string) => t.app.inject({ method: 'GET', url: `${API_BASE}${PAY_QR_PATH}?${query}` });

describe('spec 001 §2.6: the server draws the QR code of a pay code', () => {
  it('answers the payload as an SVG image, without a session, kept by the browser', async () => {
    const reply = await qr(new URLSearchParams({ text: PAYLOAD }).toString());
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(reply.headers['cache-control']).toContain('max-age');
    expect(reply.body).toMatch(/^<svg [^>]*viewBox=/);
    expect(reply.body).not.toContain('<script');
  });

  it('the same payload draws the same picture; another payload another', async () => {
    const one = await qr(new URLSearchParams({ text: PAYLOAD }).toString());
    const again = await qr(new URLSearchParams({ text: PAYLOAD }).toString());
    const other = await qr(new URLSearchParams({ text: `${PAYLOAD}X` }).toString());
    expect(again.body).toBe(one.body);
    expect(other.body).not.toBe(one.body);
  });

  it.each([
    ['no payload', ''],
    ['an empty payload', 'text='],
    ['a payload past 512 characters', new URLSearchParams({ text: 'A'.repeat(513) }).toString()],
    ['a payload with a control character', new URLSearchParams({ text: 'ABC\nDEF' }).toString()],
  ])('refuses %s in the envelope', async (_name, query) => {
    const reply = await qr(query);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).not.toBe(0);
  });
});
