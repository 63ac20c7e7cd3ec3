import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../src/shared/pages';
import { apiLogin, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';

let p: PhonePage;
let session: { sessionId: string; userId: string };

beforeAll(async () => {
  if (!hasBrowser) return;
  session = await apiLogin('09175563462');
  p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

describeBrowser('the QR Ph code can be kept on the phone', () => {
  it('"Save QR code to your phone" gives a PNG picture of the code, for a wallet app to scan from the gallery', async () => {
    const { page } = p;
    const address = href('repaymentOfCode', { showType: 2, payCode: 'hiram-sandbox:1:100', repayAmount: 100 });
    await page.goto(p.url(`${address}&${new URLSearchParams({ ...session })}`));
    await page.getByTestId('pay-qr').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pay-qr-save').click()]);
    expect(download.suggestedFilename()).toBe('hiram-qr-dbox1100.png');
    // The browser runs apart from the test files: copy the file here first.
    const copy = join(mkdtempSync(join(tmpdir(), 'hiram-qr-')), download.suggestedFilename());
    await download.saveAs(copy);
    const bytes = await readFile(copy);
    // The PNG signature, and a picture large enough to scan.
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.readUInt32BE(16)).toBe(720);
    await page.locator('.adm-toast-main', { hasText: 'QR code saved' }).waitFor();
    await p.screenshot('repayment-qr-save');
    expect(p.errors).toEqual([]);
  });
});
