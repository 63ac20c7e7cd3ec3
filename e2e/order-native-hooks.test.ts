import { afterEach, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { SESSION_STORAGE_KEY } from '../src/web/lib/session/session';
import { describeBrowser, type PhonePage, phonePage } from './support/browser';
import { decidedOrder } from './support/loans';
import type { TestSession } from './support/login';
import { e2eServer } from './support/server';

/**
 * spec 001 §2.1, §3, §4 on the fixture borrower's due order (174 is reached only by time; read
 * only here; e2e/support/global-setup.ts) and an approved order of this test's own: the telephone, the withdraw reminder, the
 * recommended products, and the native hooks (dialPhone, goHome, openPage, trackingPoint) inside
 * the app, with their browser fallbacks. The app is a recording host: window.HiramNative.
 */
let p: PhonePage;
afterEach(async () => {
  await p?.context.close();
});

type Rewrite = Record<string, unknown>;

/** The fixture borrower's order due within three days. */
const DUE = e2eServer().timeOrders.due;

/** A borrower no other browser test signs in with, whose application credit approved (110, not yet paid out). */
const APPROVED_PHONE = '09175591201';

async function openOrder(
  orderId: number,
  {
    app = false,
    rewrite = {},
    session = e2eServer().timeOrders.session,
  }: { app?: boolean; rewrite?: Rewrite; session?: TestSession } = {},
) {
  p = await phonePage();
  // The tab's kept session (an address with a session is rendered by the server with the real reply).
  await p.context.addInitScript(
    ([key, value, asApp]) => {
      window.sessionStorage.setItem(key, value);
      if (!asApp) return;
      const calls: [string, unknown][] = [];
      const record = (name: string) => (json: string) => calls.push([name, JSON.parse(json)]);
      Object.assign(window, {
        __hostCalls: calls,
        HiramNative: Object.fromEntries(
          ['dialPhone', 'goHome', 'openPage', 'trackingPoint', 'closeWebview'].map((n) => [n, record(n)]),
        ),
      });
    },
    [SESSION_STORAGE_KEY, JSON.stringify(session), app] as const,
  );
  await p.page.route('**/owner/v3/loan-details/**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body.data) Object.assign(body.data, rewrite);
    await route.fulfill({ response, json: body });
  });
  await p.page.goto(p.url(href('loanDetail', { productId: 1, orderId })));
  await p.page.getByTestId('order-banner').waitFor();
}

const hostCalls = () => p.page.evaluate(() => (window as unknown as { __hostCalls: [string, unknown][] }).__hostCalls);

describeBrowser('spec 001 order details: telephone, withdraw reminder, recommendations, native hooks', () => {
  it('in a browser the telephone is a tel: link', async () => {
    await openOrder(DUE);
    const phone = p.page.getByTestId('order-phone');
    expect(await phone.getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await phone.textContent()).not.toBe('');
  });

  it('an approved order with a bound account shows the withdraw reminder once', async () => {
    const { orderId, session } = await decidedOrder(APPROVED_PHONE, true);
    await openOrder(orderId, { session });
    const reminder = p.page.getByTestId('withdraw-reminder');
    await reminder.waitFor();
    expect(await reminder.textContent()).toMatch(
      new RegExp(`on its way.*GCash •••• ${APPROVED_PHONE.slice(-4)}.*by \\d{1,2} [A-Z][a-z]{2} \\d{4}`, 's'),
    );
    await p.screenshot('order-withdraw-reminder');
    await reminder.getByRole('button', { name: 'Got it' }).click();
    await p.page.reload();
    await p.page.getByTestId('order-banner').waitFor();
    expect(await p.page.getByTestId('withdraw-reminder').count()).toBe(0);
  });

  it('with the loan-market flag on: recommended products and "Click to view more products" → the web home', async () => {
    await openOrder(DUE, { rewrite: { loanMarket: 1, KindTipsMsg: undefined } });
    const list = p.page.getByTestId('rec-products');
    await list.waitFor();
    expect(await list.locator('li').count()).toBeGreaterThan(0);
    expect(await p.page.getByTestId('order-buttons').isVisible()).toBe(false);
    await p.screenshot('order-recommended');
    await p.page.getByTestId('rec-more').click();
    await p.page.waitForURL(/\/home$/);
  });

  it('in the app: the telephone dials through dialPhone, Borrow Again goes through goHome with a tracking point, a product through openPage', async () => {
    await openOrder(DUE, {
      app: true,
      rewrite: { orderStatus: 200, isScore: '0', KindTipsMsg: undefined, loanMarket: 0 },
    });
    await p.page.getByTestId('order-phone').click();
    await p.page.getByRole('button', { name: 'Borrow Again' }).click();
    await expect
      .poll(async () => (await hostCalls()).map(([name]) => name), { timeout: 5_000 })
      .toEqual(['dialPhone', 'trackingPoint', 'goHome']);
    const calls = await hostCalls();
    expect(calls[0]?.[1]).toMatchObject({ phone: expect.any(String) });
    expect(calls[1]?.[1]).toMatchObject({ name: 'borrow_again', data: { orderId: DUE } });
    expect(p.page.url()).toContain('/loanDetail');
    expect(await p.page.getByTestId('menu-open').count()).toBe(0);
  });

  it('in a browser Borrow Again opens the web home', async () => {
    await openOrder(DUE, { rewrite: { orderStatus: 200, isScore: '0', KindTipsMsg: undefined } });
    await p.page.getByRole('button', { name: 'Borrow Again' }).click();
    await p.page.waitForURL(/\/home$/);
  });

  it('in the app a recommended product opens through openPage', async () => {
    await openOrder(DUE, { app: true, rewrite: { loanMarket: 1, KindTipsMsg: undefined } });
    await p.page.getByTestId('rec-products').locator('li button').first().click();
    await expect
      .poll(async () => (await hostCalls()).map(([name]) => name), { timeout: 5_000 })
      .toEqual(['trackingPoint', 'openPage']);
    expect((await hostCalls())[1]?.[1]).toMatchObject({
      page: 'productDetail',
      params: { productId: expect.any(Number) },
    });
  });
});
