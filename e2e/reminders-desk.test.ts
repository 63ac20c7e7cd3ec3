import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { axeViolations, clippedText, horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount } from './support/staff-desk';

let desk: PhonePage;

beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await desk?.context.close();
});

describeBrowser('the SMS reminder schedule at the collections desk', () => {
  it('collections sees the schedule, is refused a threatening text, adds a reminder in both languages and sends the day’s reminders', async () => {
    await signInAt(
      desk,
      await staffAccount('rhea.reminders@hiram.test', 'Rhea Reminders', 'collections'),
      '#reminders',
    );
    const { page } = desk;
    await page.getByText('3 days before the due date').first().waitFor();
    await page.getByText('On the due date').first().waitFor();

    await page.getByTestId('reminder-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Days from the due date (negative: before it)').fill('14');
    await dialog.getByLabel('English text').fill('Pay {amount} for {orderNo} now or we will have you arrested.');
    await dialog.getByLabel('Filipino text').fill('Bayaran ang {amount} para sa {orderNo} o ipapakulong ka namin.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Remove “arrest”: threats, insults and obscene words are not allowed in a reminder').waitFor();
    await dialog
      .getByLabel('English text')
      .fill('Hi {name}, {amount} is due on {orderNo}. Call us and we will help you find a way to pay.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Remove “ipapakulong”: threats, insults and obscene words are not allowed in a reminder')
      .waitFor();
    await dialog
      .getByLabel('Filipino text')
      .fill('Hi {name}, {amount} ang babayaran sa {orderNo}. Tumawag sa amin para sa tulong.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved: 14 days after the due date').waitFor();
    await page.getByRole('cell', { name: '14 days after the due date' }).waitFor();

    await page.getByTestId('reminders-send-now').click();
    // Within 06:00–22:00 Manila the day's reminders go out; outside, the desk says when they may.
    await page.getByText(/^\d+ reminders? sent$|^Reminders go out only from 6:00 to 22:00 Manila time$/).waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
    const findings = {
      axe: await axeViolations(page),
      sideways: await horizontalOverflow(page),
      clipped: await clippedText(page),
    };
    expect(findings).toEqual({ axe: [], sideways: [], clipped: [] });
    await desk.screenshot('admin-reminders');
    expect(desk.errors.filter((e) => !e.includes('400'))).toEqual([]);
  });
});
