import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage, screenshotTo } from './support/browser';
import { axeViolations, clippedText, horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount } from './support/staff-desk';

/**
 * The back office at a 1366×800 desk: every section, a search and a borrower's page, each with
 * no serious or critical axe-core violation, no sideways scroll and no clipped text.
 */
const PAGES = [
  'complaints',
  'messages',
  'applications',
  'disbursements',
  'payments',
  'credits',
  'cob',
  'reports',
  'cash',
  'products',
  'channels',
  'templates',
  'funnel',
  'staff',
  'audit',
  'find/Dela Cruz',
  'borrower/1',
];
let desk: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 800 });
  // One staff member with every desk, so one sign-in opens every page.
  await staffAccount('every.desk@hiram.test', 'Every Desk', 'support,credit,finance,admin');
  await signInAt(desk, { email: 'every.desk@hiram.test', password: 'every.desk@hiram.test long enough password' });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('the back office is usable by everyone at a desk', () => {
  it.each(PAGES)('#%s', async (hash) => {
    const { page } = desk;
    await page.evaluate((h) => {
      window.location.hash = h;
    }, hash);
    await page.locator('main h2').first().waitFor();
    await desk.networkQuiet();
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-table-placeholder .ant-spin'));
    await screenshotTo(page, `test-results/widths/admin-${hash.replace(/\W+/g, '-')}-1366x800.png`);
    const findings = {
      axe: await axeViolations(page),
      sideways: await horizontalOverflow(page),
      clipped: await clippedText(page),
      errors: desk.errors.splice(0),
    };
    expect(findings).toEqual({ axe: [], sideways: [], clipped: [], errors: [] });
  });
});
