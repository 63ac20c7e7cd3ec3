import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, downloadedText, hasBrowser, moneyAsCsv, type PhonePage, phonePage } from './support/browser';
import { axeViolations, horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount } from './support/staff-desk';

let desk: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('the daily cash view', () => {
  it('finance opens daily cash for a range, sees a day in and out, and the CSV holds the rows on screen', async () => {
    await signInAt(desk, await staffAccount('cash.finance@hiram.test', 'Cash Finance', 'finance'), '#cash');
    const { page } = desk;
    await page.locator('main h2', { hasText: 'Daily cash' }).waitFor();
    await page.getByTestId('report-from').fill('2000-01-01');
    const table = page.getByTestId('report-table');
    await table.locator('caption', { hasText: 'Daily cash' }).waitFor();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Money in', 'Disbursals paid out', 'Refunds paid', 'Net']));
    const onScreen = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
      );
    expect(onScreen.length).toBeGreaterThan(0);
    const total = await table.locator('.ant-table-summary').first().locator('td').allTextContents();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await desk.screenshot('admin-daily-cash');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^hiram-cash-2000-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadedText(download);
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe(headers.map((h) => h.trim()).join(','));
    expect(lines.slice(0, -1)).toEqual(onScreen.map((cells) => cells.map(moneyAsCsv).join(',')));
    expect(lines.at(-1)).toBe(total.map((cell, i) => (i === 0 ? 'Total' : moneyAsCsv(cell.trim()))).join(','));
    expect(desk.errors).toEqual([]);
  });
});
