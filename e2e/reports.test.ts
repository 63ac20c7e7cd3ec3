import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, downloadedText, hasBrowser, moneyAsCsv, type PhonePage, phonePage } from './support/browser';
import { horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount } from './support/staff-desk';

let desk: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('reports at the desk', () => {
  it('finance picks a report and a range, and the CSV export holds the rows on screen', async () => {
    await signInAt(desk, await staffAccount('fin.finance@hiram.test', 'Fin Finance', 'finance'), '#reports');
    const { page } = desk;
    await page.getByRole('combobox', { name: 'Report' }).click();
    await page.locator('.ant-select-item-option[title="Collections"]').click();
    await page.getByTestId('report-from').fill('2000-01-01');
    const table = page.getByTestId('report-table');
    await table.locator('caption', { hasText: 'Collections' }).waitFor();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const onScreen = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
      );
    const total = await table.locator('tfoot, .ant-table-summary').first().locator('td').allTextContents();
    expect(await horizontalOverflow(page)).toEqual([]);
    await desk.screenshot('admin-reports');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^hiram-collections-2000-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadedText(download);
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe('Business date,Payments,Reversed,Repayments,Extension fees,Collected');
    expect(lines.slice(0, -1)).toEqual(onScreen.map((cells) => cells.map(moneyAsCsv).join(',')));
    expect(lines.at(-1)).toBe(total.map((cell, i) => (i === 0 ? 'Total' : moneyAsCsv(cell.trim()))).join(','));

    // PAR is the book on one day: it asks for an as-of date, not a range.
    await page.getByRole('combobox', { name: 'Report' }).click();
    await page.locator('.ant-select-item-option[title="Portfolio at risk (PAR 1/7/30/90)"]').click();
    await page.getByTestId('report-as-of').fill('2026-01-31');
    await table.locator('caption', { hasText: 'on 2026-01-31' }).waitFor();
    expect(await page.getByTestId('report-from').count()).toBe(0);

    expect(desk.errors).toEqual([]);
  });
});
