import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { SESSION_STORAGE_KEY } from '../src/web/lib/session/session';
import { apiLoginApplied, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { e2eServer } from './support/server';

/**
 * spec 001 §4: order details follows `playeduL` only to an allowed address and never for
 * an order in review (21). The demo data has no partner redirects, so the test rewrites the
 * loan-details answer in the browser and watches where the page goes.
 */
const PHONE = '09175563800';
let p: PhonePage;
let session: { sessionId: string; userId: string };
let orderId = 0;

beforeAll(async () => {
  if (!hasBrowser) return;
  session = await apiLoginApplied(PHONE);
  // An order of this borrower's own (in review); the test then rewrites its status as shown.
  const pushed = await fetch(`${e2eServer().baseUrl}/owner/v3/loan-confirm/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Session ${session.sessionId}` },
    body: new URLSearchParams({ productId: '1', amount: '300000', periods: '1', termUnit: '1' }).toString(),
  });
  orderId = ((await pushed.json()) as { data: { orderId: number } }).data.orderId;
  p = await phonePage();
  // The page reads the session kept by the tab (as after the web login), not from the address: an
  // address with a session is rendered by the server with the real reply, and this test
  // rewrites the reply in the browser.
  await p.context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
});
afterAll(async () => {
  await p?.context.close();
});

async function openWith(status: number, playeduL: string): Promise<void> {
  const { page } = p;
  await page.unroute('**/owner/v3/loan-details/**');
  await page.route('**/owner/v3/loan-details/**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body.data) Object.assign(body.data, { orderStatus: status, playeduL });
    await route.fulfill({ response, json: body });
  });
  await page.goto(p.url(href('loanDetail', { productId: 1, orderId })), { waitUntil: 'domcontentloaded' });
}

describeBrowser('spec 001 §4 playeduL redirect allowlist', () => {
  it('a same-site address is followed with the page’s query appended', async () => {
    await openWith(170, '/aboutUs?from=partner');
    await p.page.waitForURL(
      (url) =>
        url.pathname === '/aboutUs' &&
        url.searchParams.get('from') === 'partner' &&
        url.searchParams.get('orderId') === String(orderId),
    );
  });

  it('an address on a host not allowed is not followed', async () => {
    await openWith(170, 'https://evil.example.com/steal');
    await p.page.getByTestId('order-banner').waitFor();
    expect(p.page.url()).toContain('/loanDetail');
  });

  it('an order in review (21) never redirects, even to an allowed address', async () => {
    await openWith(21, '/aboutUs');
    await p.page.getByTestId('order-banner').waitFor();
    expect(p.page.url()).toContain('/loanDetail');
  });
});
