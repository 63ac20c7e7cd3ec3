import { afterEach, expect, it } from 'vitest';
import { describeBrowser, latestSmsCode, type PhonePage, phonePage } from './support/browser';

const PHONE = '09175563400';
let p: PhonePage;
afterEach(async () => {
  await p?.context.close();
});

describeBrowser('DESIGN §4 web login', () => {
  // A phone no other browser test signs in with: the resend cooldown is per phone, and test
  // files run side by side against one server.
  it('signs in with the SMS code read from the outbox and lands on home', async () => {
    p = await phonePage();
    const { page } = p;
    await page.goto(p.url('/login'));
    // The form is prerendered: it takes taps once the page is interactive.
    await p.ready();
    await page.getByTestId('login-phone').fill(PHONE);
    await page.getByTestId('login-send-code').click();
    await expect.poll(() => page.getByTestId('login-send-code').textContent()).toMatch(/\d+/);
    const code = await latestSmsCode(PHONE);
    await page.getByTestId('login-code').fill(code);
    await p.screenshot('login');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/home');
    await page.getByText('You have no orders yet.').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Loan products' }).count()).toBe(1);
    await p.screenshot('home');
    expect(p.errors).toEqual([]);
  });

  it('sends a visitor without a session to the login page', async () => {
    p = await phonePage();
    await p.page.goto(p.url('/home'));
    await p.page.waitForURL('**/login?redirect=*');
    expect(p.errors.filter((e) => !/401/.test(e))).toEqual([]);
  });
});
