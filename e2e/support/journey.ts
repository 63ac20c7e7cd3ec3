import { expect } from 'vitest';
import { idNumberOf, ID_PHOTO, SELFIE } from './application';
import { latestSmsCode, type PhonePage } from './browser';

/**
 * The steps a borrower takes through the pages on the way to a loan, shared by the browser tests
 * that walk them (the application's own checks are e2e/application.test.ts's).
 */

/**
 * Signs a borrower in on the sign-in page the tab shows (or opens `open` first) with the SMS code
 * from the development outbox, and waits for the page the sign-in lands on (home unless said).
 */
export async function signInOnLoginPage(
  p: PhonePage,
  phone: string,
  { open, landing = '**/home' }: { open?: string; landing?: string | RegExp } = {},
): Promise<void> {
  const { page } = p;
  if (open) await page.goto(p.url(open));
  await p.ready();
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-send-code').click();
  // The button counts down once the code is sent.
  await expect.poll(() => page.getByTestId('login-send-code').textContent(), { timeout: 10_000 }).toMatch(/\d+/);
  await page.getByTestId('login-code').fill(await latestSmsCode(phone));
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing);
}

/** Who applies, as the application's pages ask it. */
export interface Applicant {
  phone: string;
  fullName: string;
  street: string;
  employer: string;
  /** In pesos, as typed. */
  monthlyIncome: string;
  refName: string;
  refPhone: string;
}

/** Taps a picker open and confirms what it shows (the header's last visible button, whatever the language). */
export async function pickFirst(p: PhonePage, testId: string): Promise<void> {
  const { page } = p;
  await page.getByTestId(testId).click();
  await page.locator('.adm-picker-header-button').filter({ visible: true }).last().click();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.adm-popup')).every((e) => e.getClientRects().length === 0),
  );
}

/**
 * From the application's consent step to the confirm page again: consent, personal, work,
 * reference, ID with the fixture photo and selfie, then the GCash payout account on its own page,
 * whose holder name and birth date come from the application (not asked again). Ends on the
 * confirm page with its Apply button shown.
 */
export async function fillApplicationPages(p: PhonePage, who: Applicant): Promise<void> {
  const { page } = p;
  const save = async (next: string) => {
    await page.getByTestId('apply-save').click();
    await page.getByTestId(next).waitFor();
  };
  await page.getByTestId('apply-consent').check();
  await page.getByTestId('apply-consent-next').click();
  await page.getByTestId('bind-fullName').fill(who.fullName);
  await pickFirst(p, 'bind-birthDate');
  await pickFirst(p, 'bind-city');
  await page.getByTestId('bind-street').fill(who.street);
  await save('bind-employer');
  await pickFirst(p, 'bind-employment');
  await page.getByTestId('bind-employer').fill(who.employer);
  await page.getByTestId('bind-monthlyIncome').fill(who.monthlyIncome);
  await save('bind-refName');
  await page.getByTestId('bind-refName').fill(who.refName);
  await pickFirst(p, 'bind-refRelation');
  await page.getByTestId('bind-refPhone').fill(who.refPhone);
  await page.getByTestId('apply-refConsent').check();
  await save('bind-idNumber');
  await pickFirst(p, 'bind-idType');
  await page.getByTestId('bind-idNumber').fill(idNumberOf(who.phone));
  await page.getByTestId('apply-idPhoto').setInputFiles(ID_PHOTO);
  await page.getByTestId('apply-selfie').setInputFiles(SELFIE);
  // Both pictures shown once uploaded (re-encoded by the server: slower on a busy machine).
  await expect
    .poll(() => page.locator('img[src*="/"]').filter({ visible: true }).count(), { timeout: 10_000 })
    .toBeGreaterThan(1);
  await save('apply-bind');

  // The payout account, bound on its own page, which comes back to the application.
  await page.getByTestId('apply-bind').click();
  await page.waitForURL(/\/bindBank\?productId=1/);
  await page.getByTestId('bind-walletNo').fill(who.phone);
  await expect.poll(() => page.getByTestId('bind-accountName').inputValue()).toBe(who.fullName);
  expect(await page.locator('#bind-birthDate-value').textContent()).toMatch(/\d{4}/);
  await page.getByTestId('bind-next').click();
  await page.waitForURL(/\/apply\?/);
  await page.getByTestId('apply-back-to-loan').click();
  await page.waitForURL(/\/confirmLoan\?productId=1/);
  await page.getByTestId('confirm-next').waitFor();
}
