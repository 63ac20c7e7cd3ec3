import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { nextCode, saveFactor } from './support/staff-factor';
import { staffAccount } from './support/staff-desk';

let desk: PhonePage;
beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('staff second factor', () => {
  it('first sign-in enrols an authenticator from a QR code and shows recovery codes once; the next sign-in asks for a code', async () => {
    const account = await staffAccount('tina.totp@hiram.test', 'Tina Totp', 'support');
    const { page } = desk;
    const withPassword = async () => {
      await page.goto(desk.url('/admin'));
      await page.getByTestId('staff-email').fill(account.email);
      await page.getByTestId('staff-password').fill(account.password);
      await page.getByTestId('staff-sign-in').click();
      await page.getByTestId('staff-code').waitFor();
    };
    await withPassword();
    expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    saveFactor(account.email, { secret });
    await desk.screenshot('staff-enrol');
    // A wrong code keeps the page, with the reason.
    await page.getByTestId('staff-code').fill('000000');
    await page.getByTestId('staff-verify').click();
    await page.getByTestId('sign-in-error').waitFor();
    expect(await page.getByTestId('sign-in-error').textContent()).toContain('That code does not match');
    await page.getByTestId('staff-code').fill(await nextCode(account.email));
    await page.getByTestId('staff-verify').click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    await desk.screenshot('staff-recovery-codes');
    await page.getByTestId('recovery-continue').click();
    await page.getByTestId('staff-who').waitFor();

    // Signed out, the password alone no longer opens the desk: the app's code does.
    await page.evaluate(() => sessionStorage.clear());
    await withPassword();
    expect(await page.getByTestId('totp-secret').count()).toBe(0);
    await page.getByTestId('staff-code').fill(await nextCode(account.email));
    await page.getByTestId('staff-verify').click();
    await page.getByTestId('staff-who').waitFor();

    // A lost phone: a recovery code signs in, once.
    await page.evaluate(() => sessionStorage.clear());
    await withPassword();
    await page.getByTestId('staff-code').fill(codes[0] ?? '');
    await page.getByTestId('staff-verify').click();
    await page.getByTestId('staff-who').waitFor();
  });
});
