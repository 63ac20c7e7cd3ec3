import { afterEach, expect, it } from 'vitest';
import { describeBrowser, type PhonePage, phonePage, screenshotTo } from './support/browser';
import { signInOnLoginPage } from './support/journey';
import { e2eServer } from './support/server';

// A phone no other browser test signs in with (the resend wait is per phone).
const PHONE = '09175563401';
let p: PhonePage;
afterEach(async () => {
  await p?.context.close();
});

describeBrowser('the web sign-in in a browser', () => {
  it('a second tab stays signed in, another account in a link asks first, and sign-out signs out', async () => {
    p = await phonePage();
    const { page, context } = p;
    await signInOnLoginPage(p, PHONE, { open: '/login' });
    await page.getByText('You have no orders yet.').waitFor();

    // The token lives in an HttpOnly cookie, never in the page's storage.
    const cookie = (await context.cookies()).find((c) => c.name === 'hiram_session');
    expect(cookie).toMatchObject({ name: 'hiram_session', httpOnly: true, sameSite: 'Lax', path: '/owner' });
    expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(cookie?.value ?? '-');

    // A second tab (and a restarted browser, which keeps the cookie) is signed in.
    const second = await context.newPage();
    await second.goto(p.url('/home'));
    await second.getByText('You have no orders yet.').waitFor();
    expect(second.url()).toMatch(/\/home$/);

    // A link carrying another borrower's session asks before switching; keeping stays put.
    const demo = e2eServer().demoSession;
    await second.goto(p.url(`/home?sessionId=${demo.sessionId}&userId=${demo.userId}`));
    const ask = second.getByTestId('session-switch');
    await ask.waitFor();
    expect(second.url()).not.toContain('sessionId');
    await screenshotTo(second, 'test-results/screenshots/session-switch-360x780.png', false);
    await second.getByTestId('session-switch-keep').click();
    await second.getByText('You have no orders yet.').waitFor();
    await second.close();

    // The menu: every borrower destination, and sign-out.
    await page.getByTestId('menu-open').click();
    const menu = page.getByTestId('menu');
    await menu.waitFor();
    for (const name of ['My loans', 'Payout account', 'Complaints', 'Help', 'Wikang Filipino', 'Sign out']) {
      await expect.poll(() => menu.getByText(name, { exact: true }).count(), { timeout: 5_000 }).toBe(1);
    }
    await p.screenshot('menu');
    await page.getByTestId('menu-sign-out').click();
    await page.waitForURL('**/login');
    // The session cookie is gone; only the device cookie (the credit desk's same-device signal) stays.
    expect((await context.cookies()).map((c) => c.name)).toEqual(['hiram_device']);

    // Signed out everywhere: a new tab goes to the login.
    const third = await context.newPage();
    await third.goto(p.url('/home'));
    await third.waitForURL('**/login?redirect=*');
    expect(p.errors.filter((e) => !/401/.test(e))).toEqual([]);
  });

  it('in a fresh tab a link with a session signs in without a question', async () => {
    p = await phonePage();
    const demo = e2eServer().demoSession;
    await p.page.goto(p.url(`/home?sessionId=${demo.sessionId}&userId=${demo.userId}`));
    await p.page.getByTestId('menu-open').waitFor();
    expect(await p.page.getByTestId('session-switch').count()).toBe(0);
    expect(p.errors).toEqual([]);
  });
});
