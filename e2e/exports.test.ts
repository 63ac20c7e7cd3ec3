import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvRecords, parseCsv } from '../src/server/features/back-office/exports/parse-csv';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { disbursedLoan } from './support/loans';
import { horizontalOverflow } from './support/page-checks';
import { financeMakerChecker } from './support/payouts';
import { signInAt, staffAccount, staffPost, switchStaff } from './support/staff-desk';

let desk: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 768 });
});
afterAll(async () => {
  await desk?.context.close();
});

/** The downloaded file's bytes, as saved. */
async function downloadedBytes(download: { suggestedFilename(): string; saveAs(path: string): Promise<void> }) {
  const copy = join(mkdtempSync(join(tmpdir(), 'hiram-export-')), download.suggestedFilename());
  await download.saveAs(copy);
  return readFile(copy);
}

// A payment reference typed as a spreadsheet formula, as a bank slip could carry it.
const FORMULA = '=HYPERLINK("http://evil.test","Refund")';

describeBrowser('exports an auditor can open, and the audit log a person reads (1366×768)', () => {
  let contract = '';

  it('finance downloads the payments of the month as CSV: a byte-order mark, every row, the formula read as text', async () => {
    const { orderId } = await disbursedLoan('09175544021');
    contract = `HRM${String(orderId).padStart(8, '0')}`;
    const finance = await financeMakerChecker();
    const entered = await staffPost(
      '/admin/loans/manual-payment',
      { orderNo: contract, reference: FORMULA, amount: '125000' },
      finance.makerAuth,
    );
    expect(entered.code, entered.message).toBe(0);
    const requestId = String((entered.data as { posting: { id: number } }).posting.id);
    expect((await staffPost('/admin/loans/manual-payment/approve', { requestId }, finance.checkerAuth)).code).toBe(0);

    await signInAt(desk, finance.maker, '#exports');
    const { page } = desk;
    await page.getByRole('combobox', { name: 'Export' }).click();
    await page.locator('.ant-select-item-option[title="Payments (by business date)"]').click();
    expect(await horizontalOverflow(page)).toEqual([]);
    await desk.screenshot('admin-exports');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^hiram-payments-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await downloadedBytes(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const rows = csvRecords(text);
    const row = rows.find((r) => r.Contract === contract);
    expect(row).toMatchObject({ Reference: `'${FORMULA}`, 'Amount (PHP)': '1250.00', Provider: 'manual' });
    // Opened as a spreadsheet would, no cell starts a formula.
    for (const cells of parseCsv(text)) for (const cell of cells) expect(cell).not.toMatch(/^[=+@\t\r]/);

    // The loan tape holds the loan with what it owes.
    await page.getByRole('combobox', { name: 'Export' }).click();
    await page.locator('.ant-select-item-option[title^="Loan tape"]').click();
    const [tape] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const loan = csvRecords((await downloadedBytes(tape)).toString('utf8')).find((r) => r.Contract === contract);
    expect(Number(loan?.['Outstanding total (PHP)'])).toBeGreaterThan(0);
    expect(loan?.Status).toMatch(/Repaying|Due|Overdue/);
    expect(desk.errors).toEqual([]);
  });

  it('an admin filters the audit log by contract and action, and reads what changed without it being cut', async () => {
    const admin = await staffAccount('audra.admin@hiram.test', 'Audra Admin', 'admin');
    await switchStaff(desk, admin, '#audit');
    const { page } = desk;
    await page.getByTestId('audit-order').getByRole('searchbox').fill(contract);
    await page.getByTestId('audit-order').getByRole('searchbox').press('Enter');
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('combobox', { name: 'Action' }).fill('Proposed a manual');
    await page.locator('.ant-select-item-option[title="Proposed a manual payment"]').click();
    const table = page.getByTestId('audit-table');
    const sentence = `Mika Maker proposed a manual payment of ₱1,250.00 to ${contract} (reference ${FORMULA})`;
    await table.getByRole('cell', { name: sentence }).waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1);
    await page.getByText('1–1 of 1').waitFor();
    const changes = table.getByTestId('audit-changes');
    await changes.getByText('₱1,250.00').first().waitFor();
    expect(await changes.textContent()).not.toMatch(/…|operatorLoans|\{/);
    // "What changed" fits the screen: its right edge inside the 1366 px window, nothing scrolls sideways.
    const box = await changes.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
    expect(await horizontalOverflow(page)).toEqual([]);
    await desk.screenshot('admin-audit-filtered');

    // The approval by the second person, found by action alone, reads with its amount.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('combobox', { name: 'Action' }).fill('Approved a manual');
    await page.locator('.ant-select-item-option[title="Approved a manual payment"]').click();
    await table
      .getByRole('cell', {
        name: new RegExp(`^Chad Checker approved manual payment \\d+ to ${contract}$`),
      })
      .waitFor();
    expect(desk.errors).toEqual([]);
  });
});
