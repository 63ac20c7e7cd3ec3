import { afterAll, expect, it } from 'vitest';
import { apiLogin, describeBrowser, type PhonePage, phonePage } from './support/browser';

let p: PhonePage | undefined;
afterAll(async () => {
  await p?.context.close();
});

describeBrowser('spec 000 §2 bank account binding in the browser', () => {
  it('binds a GCash wallet, sees it prefilled on reload, then binds a bank account from the loan details', async () => {
    const { sessionId, userId } = await apiLogin('09175561202');
    p = await phonePage();
    const { page } = p;
    const session = new URLSearchParams({ sessionId, userId });
    // The picker of one item (a closed picker may still be leaving the screen).
    const picker = (title: string, button: 'Confirm' | 'Cancel') =>
      page
        .locator('.adm-picker')
        .filter({ has: page.locator('.adm-picker-header-title', { hasText: title }) })
        .getByRole('button', { name: button });
    /** Pickers closed (their slide-out animation over), so a screenshot shows the form. */
    const pickersClosed = () =>
      page.waitForFunction(() =>
        Array.from(document.querySelectorAll('.adm-popup')).every((e) => e.getClientRects().length === 0),
      );

    // E-wallet (card type 1, channel 90006 by default): the GCash number shows, the Maya one does not.
    await page.goto(p.url(`/home?${session}`));
    await page.goto(p.url('/bindBank?productId=1&orderId=86'));
    await page.getByRole('heading', { level: 1, name: 'Payment account information' }).waitFor();
    expect(await page.getByRole('tab', { name: 'E-wallet' }).getAttribute('aria-selected')).toBe('true');
    const gcash = page.getByLabel(/^GCash number/);
    await gcash.waitFor();
    expect(await page.getByLabel(/^Maya number/).count()).toBe(0);
    await gcash.pressSequentially('0917-123 4567x9');
    expect(await gcash.inputValue()).toBe('09171234567');
    await page.getByLabel(/^Account holder name/).fill('Ana Reyes');

    // The date picker with Confirm and Cancel: Cancel leaves it empty, Confirm takes the date shown.
    await page.getByTestId('bind-birthDate').click();
    await picker('Date of birth', 'Cancel').click();
    expect(await page.getByTestId('bind-birthDate').textContent()).toContain('Please select');
    await page.getByTestId('bind-birthDate').click();
    await picker('Date of birth', 'Confirm').click();
    await page
      .getByTestId('bind-birthDate')
      .getByText(/^\d{4}-\d{2}-\d{2}$/)
      .waitFor();
    const birthDate =
      (await page
        .getByTestId('bind-birthDate')
        .getByText(/^\d{4}-\d{2}-\d{2}$/)
        .textContent()) ?? '';
    await pickersClosed();
    await p.screenshot('bind-bank-ewallet');

    // Next: bound, and the webview "closes" (in a browser: back to the previous page).
    await page.getByTestId('bind-next').click();
    await page.waitForURL((url) => url.pathname === '/home');

    // Reload: every saved value is prefilled, the number masked.
    await page.goto(p.url('/bindBank?productId=1&orderId=86'));
    await gcash.waitFor();
    expect(await gcash.inputValue()).toBe('•••• 4567');
    expect(await page.getByLabel(/^Account holder name/).inputValue()).toBe('Ana Reyes');
    expect(await page.getByTestId('bind-channel').textContent()).toContain('GCash');
    expect(await page.getByTestId('bind-birthDate').textContent()).toContain(birthDate);
    await p.screenshot('bind-bank-prefilled');

    // Bank account from the loan details: bank and city pickers, digits-only number, then the order page.
    await page.goto(p.url('/bindBank?productId=1&orderId=86&source=loanDetail'));
    await page.getByRole('tab', { name: 'Bank account' }).click();
    expect(await page.getByLabel(/^GCash number/).count()).toBe(0);
    await page.getByTestId('bind-bankCode').click();
    await picker('Bank', 'Confirm').click();
    await page.getByTestId('bind-bankCode').getByText('BDO Unibank').waitFor();
    const account = page.getByLabel(/^Account number/);
    await account.pressSequentially('1234 5678 90');
    expect(await account.inputValue()).toBe('1234567890');
    await page.getByTestId('bind-bankCity').click();
    await picker('Branch city', 'Confirm').click();
    await page.getByTestId('bind-bankCity').getByText('Caloocan City').waitFor();
    await pickersClosed();
    await p.screenshot('bind-bank-bank');
    await page.getByTestId('bind-next').click();
    await page.waitForURL((url) => url.pathname === '/order' && url.searchParams.get('source') === 'loanDetail');
    expect(new URL(page.url()).searchParams.get('orderId')).toBe('86');

    await page.goto(p.url('/bindBank?productId=1'));
    await account.waitFor();
    expect(await page.getByRole('tab', { name: 'Bank account' }).getAttribute('aria-selected')).toBe('true');
    expect(await account.inputValue()).toBe('•••• 7890');
    expect(await page.getByTestId('bind-bankCode').textContent()).toContain('BDO Unibank');
    expect(await page.getByTestId('bind-bankCity').textContent()).toContain('Caloocan City');
    expect(p.errors).toEqual([]);
  });
});

describeBrowser('form problems at the field (bank binding, 360×780)', () => {
  it('Next on an empty form marks every missing item under itself and focuses the first; no toast', async () => {
    const { sessionId, userId } = await apiLogin('09175561203');
    const q = await phonePage();
    const { page } = q;
    await page.goto(q.url(`/home?${new URLSearchParams({ sessionId, userId })}`));
    await page.goto(q.url('/bindBank?productId=1'));
    await page.getByTestId('bind-next').click();
    const gcash = page.getByLabel(/^GCash number/);
    await page.getByTestId('bind-walletNo-error').waitFor();
    expect(await page.getByTestId('bind-walletNo-error').textContent()).toBe('Please fill in GCash number');
    expect(await gcash.getAttribute('aria-invalid')).toBe('true');
    expect(await gcash.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('[data-testid$="-error"]').count()).toBeGreaterThan(1);
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    await q.screenshot('bind-field-errors');
    expect(q.errors).toEqual([]);
    await q.context.close();
  });
});
