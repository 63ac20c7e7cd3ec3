import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { nextCode, saveFactor } from './support/staff-factor';
import { ownPassword, staffAccount } from './support/staff-desk';

let desk: PhonePage;
beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('staff second factor', () => {
  it('first sign-in replaces the password the admin typed, then enrols an authenticator from a QR code and shows recovery codes once; the next sign-in asks for a code', async () => {
    const account = await staffAccount('tina.totp@hiram.test', 'Tina Totp', 'support');
    const { page } = desk;
    const own = ownPassword(account.password);
    const withPassword = async (password = own) => {
      await page.goto(desk.url('/admin'));
      await page.getByTestId('staff-email').fill(account.email);
      await page.getByTestId('staff-password').fill(password);
      await page.getByTestId('staff-sign-in').click();
    };
    // The admin's password opens only the form that replaces it: no QR code yet.
    await withPassword(account.password);
    await page.getByTestId('staff-new-password').waitFor();
    expect(await page.getByTestId('totp-secret').count()).toBe(0);
    await desk.screenshot('staff-first-password');
    await page.getByTestId('staff-new-password').fill(own);
    await page.getByTestId('staff-new-password-again').fill(own);
    await page.getByTestId('staff-set-password').click();
    saveFactor(account.email, { password: own });
    await page.getByTestId('staff-code').waitFor();
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

    // Signed out, the admin's password is refused, and the owner's alone no longer opens the desk: the app's code does.
    await page.evaluate(() => sessionStorage.clear());
    await withPassword(account.password);
    await page.getByTestId('sign-in-error').waitFor();
    await withPassword();
    await page.getByTestId('staff-code').waitFor();
    expect(await page.getByTestId('totp-secret').count()).toBe(0);
    await page.getByTestId('staff-code').fill(await nextCode(account.email));
    await page.getByTestId('staff-verify').click();
    await page.getByTestId('staff-who').waitFor();

    // A lost phone: a recovery code signs in, once.
    await page.evaluate(() => sessionStorage.clear());
    await withPassword();
    await page.getByTestId('staff-code').waitFor();
    await page.getByTestId('staff-code').fill(codes[0] ?? '');
    await page.getByTestId('staff-verify').click();
    await page.getByTestId('staff-who').waitFor();
  });
});
