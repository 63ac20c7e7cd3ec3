import { seedPromotion } from '../db/seed/promotion';
import { buildTestApp, type TestApp } from './test-app';

/**
 * A test app with only the promotion's demo rows (template 1): these tests create the
 * borrowers they need, so they do not depend on the rest of the demo data.
 */
export async function buildPromotionTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({ seed: false, env });
  await seedPromotion(t.database.db);
  return t;
}

/** A public address (TEST-NET-3): outside production only loopback skips the caps. */
export const PUBLIC_IP = '203.0.113.50';

let lastHost = 0;
/** A new public address per test, so one test's hits never count against another's caps. */
export const freshAddress = () => `203.0.113.${(++lastHost % 250) + 1}`;

export const PROMO = '/owner/api/v2/youmi';

export function promotionClient(t: TestApp, remoteAddress = PUBLIC_IP) {
  const post = (path: string, payload: Record<string, string>, ip = remoteAddress) =>
    t.app.inject({
      method: 'POST',
      url: `${PROMO}${path}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payload).toString(),
    });
  const get = (path: string, query: Record<string, string> = {}, ip = remoteAddress) =>
    t.app.inject({ method: 'GET', url: `${PROMO}${path}?${new URLSearchParams(query)}`, remoteAddress: ip });

  /** get-sid, the image, and its text from the development call (as a script would). */
  async function captcha(ip = remoteAddress): Promise<{ sid: string; text: string }> {
    const sidReply = await get('/promotion/get-sid', {}, ip);
    const sid = sidReply.json().data?.sid as string;
    if (!sid) throw new Error(`get-sid failed: ${sidReply.body}`);
    const image = await get('/promotion/get-captcha', { sid, t: String(Date.now()) }, ip);
    if (image.statusCode !== 200) throw new Error(`get-captcha failed: ${image.body}`);
    const answer = await t.app.inject({ method: 'GET', url: `/owner/dev/promotion/captcha-text?sid=${sid}` });
    return { sid, text: answer.json().data.text as string };
  }

  async function latestCode(phone: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
    return /\d{6}/.exec(res.json().data.messages[0]?.body ?? '')?.[0] ?? '';
  }

  /** A captcha solved and the registration code sent; returns what register needs. */
  async function sendCode(phone: string, ip = remoteAddress) {
    const { sid, text } = await captcha(ip);
    const res = await post('/promotion/get-sms', { phone, capcode: text, sid }, ip);
    if (res.json().code !== 0) throw new Error(`get-sms failed: ${res.body}`);
    return { sid, capcode: text, smsCode: await latestCode(phone) };
  }

  const wrong = (text: string) => (text === 'AAAA' ? 'CCCC' : 'AAAA');

  return { post, get, captcha, latestCode, sendCode, wrong };
}
