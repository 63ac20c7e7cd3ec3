import { afterAll, expect, it } from 'vitest';
import { describeBrowser, keepScreenshots, type PhonePage, phonePage } from './support/browser';
import { signInOnLoginPage } from './support/journey';
import { ID_PHOTO, SELFIE } from './support/application';

// A phone no other browser test uses: a brand-new borrower.
const PHONE = '09175567001';
let p: PhonePage | undefined;
afterAll(async () => {
  await p?.context.close();
});

describeBrowser(
  'spec 000 §2 form sections: a new borrower applies from the web with every step of the application',
  () => {
    it('signs in, opens a product, gives consent, fills personal, work, reference, ID photo and selfie, binds a payout account, applies', async () => {
      p = await phonePage();
      const { page } = p;
      const picker = (title: string) =>
        page
          .locator('.adm-picker')
          .filter({ has: page.locator('.adm-picker-header-title', { hasText: title }) })
          .getByRole('button', { name: 'Confirm' });
      const pickersClosed = () =>
        page.waitForFunction(() =>
          Array.from(document.querySelectorAll('.adm-popup')).every((e) => e.getClientRects().length === 0),
        );
      const pick = async (testId: string, title: string) => {
        await page.getByTestId(testId).click();
        await picker(title).click();
        await pickersClosed();
      };
      const heading = (name: string) => page.getByRole('heading', { level: 2, name }).waitFor();
      /** No toast on the screen (antd-mobile's mask), so a screenshot shows the page. */
      const settled = () =>
        expect
          .poll(() => page.locator('.adm-toast-mask').filter({ visible: true }).count(), { timeout: 10_000 })
          .toBe(0);
      // The wait is for the picture alone: where no screenshot is kept (CI), none is taken and
      // nothing waits for a toast to fade (its two seconds, eight times over).
      const shot = async (name: string) => {
        if (!keepScreenshots) return;
        await settled();
        await p!.screenshot(name);
      };

      // Web sign-in with the SMS code.
      await signInOnLoginPage(p, PHONE, { open: '/login' });

      // A product opens the confirm page, which asks for the application before it can submit.
      await page.getByTestId('apply-1').click();
      await page.waitForURL(/\/confirmLoan\?productId=1/);
      await page.getByTestId('confirm-application-needed').waitFor();
      expect(await page.getByTestId('confirm-application-needed').textContent()).toContain('6 of 6 steps left');
      expect(await page.getByTestId('confirm-next').count()).toBe(0);
      await shot('apply-needed');
      await page.getByTestId('confirm-continue-application').click();
      await page.waitForURL(/\/apply\?productId=1/);

      // Consent first, before any personal data.
      await page.getByTestId('apply-consent-text').waitFor();
      expect(await page.getByTestId('apply-consent-next').isDisabled()).toBe(true);
      await shot('apply-consent');
      await page.getByTestId('apply-consent').check();
      await page.getByTestId('apply-consent-next').click();

      // Personal details: a bad answer is refused with the server's words, without field names.
      await heading('Personal');
      await page.getByLabel(/^Full name/).fill('Carmela Dizon 2');
      await pick('bind-birthDate', 'Date of birth');
      await pick('bind-city', 'City or municipality');
      await page.getByLabel(/^Address/).fill('45 Kalayaan Ave., Barangay Pinyahan');
      await page.getByTestId('apply-save').click();
      await page.getByText('Your full name takes letters, spaces, dots, apostrophes and dashes only').first().waitFor();
      await page.getByLabel(/^Full name/).fill('Carmela Dizon');
      await shot('apply-personal');
      await page.getByTestId('apply-save').click();

      // Work and income; leaving and coming back continues at the first step still missing.
      await heading('Work');
      await page.goto(p.url('/apply?productId=1'));
      await heading('Work');
      await pick('bind-employment', 'Employment');
      await page.getByLabel(/^Employer or business name/).fill('Mabuhay Foods Inc.');
      await page.getByLabel(/^Monthly income/).fill('25000');
      await shot('apply-job');
      await page.getByTestId('apply-save').click();

      // One reference person, named with their consent.
      await heading('Reference');
      await page.getByLabel(/^Full name of your reference/).fill('Ramon Dizon');
      await pick('bind-refRelation', 'Relationship to you');
      await page.getByLabel(/^Mobile number of your reference/).fill('0918 555 0101');
      await page.getByTestId('apply-refConsent').check();
      await shot('apply-reference');
      await page.getByTestId('apply-save').click();

      // Government ID with its photo, and a selfie, uploaded from fixture pictures.
      await heading('ID');
      await pick('bind-idType', 'Type of ID');
      await page.getByLabel(/^ID number/).fill('1234-5678-9012-3456');
      await page.getByTestId('apply-idPhoto').setInputFiles(ID_PHOTO);
      await page.getByRole('img', { name: 'Photo of your ID' }).waitFor();
      await page.getByTestId('apply-selfie').setInputFiles(SELFIE);
      await page.getByRole('img', { name: 'Selfie' }).waitFor();
      await shot('apply-id');
      await page.getByTestId('apply-save').click();

      // The payout account, bound on the bank-binding page, which comes back here.
      await page.getByTestId('apply-bank').waitFor();
      await shot('apply-bank');
      await page.getByTestId('apply-bind').click();
      await page.waitForURL(/\/bindBank\?productId=1/);
      await page.getByLabel(/^GCash number/).fill(PHONE);
      await page.getByLabel(/^Account holder name/).fill('Carmela Dizon');
      await pick('bind-birthDate', 'Date of birth');
      await page.getByTestId('bind-next').click();
      await page.waitForURL(/\/apply\?/);
      await page.getByTestId('apply-back-to-loan').waitFor();
      expect(await page.getByTestId('apply-bank').textContent()).toContain('Your payout account is bound');
      await shot('apply-complete');

      // Back on the confirm page the application is complete: apply.
      await page.getByTestId('apply-back-to-loan').click();
      await page.waitForURL(/\/confirmLoan\?productId=1/);
      await page.getByTestId('confirm-next').waitFor();
      expect(await page.getByTestId('confirm-application-needed').count()).toBe(0);
      await page.getByTestId('confirm-agree').check();
      await page.getByTestId('confirm-next').click();
      await page.waitForURL(/\/loanDetail\?productId=1&orderId=\d+/);
      await page.getByTestId('order-notice').waitFor();

      // Submitted: the answers can no longer be changed.
      await page.goto(p.url('/apply?productId=1'));
      await page.getByTestId('apply-locked').waitFor();
      await shot('apply-locked');
      // The one refused save above (400) is the only failed request.
      expect(p.errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    });
  },
);
