import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiLoginApplied,
  describeBrowser,
  downloadedText,
  hasBrowser,
  type PhonePage,
  phonePage,
} from './support/browser';
import { applicationOf } from './support/loans';
import { horizontalOverflow } from './support/page-checks';
import { e2eServer } from './support/server';
import { openedDialog, signInAt, staffAccount } from './support/staff-desk';

let phone: PhonePage;
let desk: PhonePage;
beforeAll(async () => {
  if (!hasBrowser) return;
  phone = await phonePage();
  desk = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await phone?.context.close();
  await desk?.context.close();
});

const PHONE = '09175561421';

async function textsTo(number: string): Promise<string[]> {
  const res = await fetch(`${e2eServer().baseUrl}/owner/dev/sms-outbox?phone=${number}`);
  const body = (await res.json()) as { data: { messages: { body: string }[] } };
  return body.data.messages.map((m) => m.body);
}

describeBrowser('My data and the privacy desk', () => {
  it('a borrower downloads their data, withdraws a consent and asks for erasure; the desk answers; the borrower sees the answer', async () => {
    const session = await apiLoginApplied(PHONE);
    // An application under review: its records are needed until it is decided, so erasure must wait.
    await applicationOf(session);
    const { page } = phone;
    await page.goto(
      phone.url(`/myData?${new URLSearchParams({ sessionId: session.sessionId, userId: session.userId })}`),
    );
    await page.getByTestId('my-data-held').waitFor();
    expect(await page.getByTestId('my-data-held').textContent()).toContain(PHONE);
    expect(await horizontalOverflow(page)).toEqual([]);
    await phone.screenshot('my-data');

    // Download: the readable copy holds the consent and its time; the JSON file the same data.
    const [html] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('my-data-download-html').click(),
    ]);
    expect(html.suggestedFilename()).toMatch(/^hiram-my-data-\d{4}-\d{2}-\d{2}\.html$/);
    const readable = await downloadedText(html);
    expect(readable).toContain('What Hiram holds about you');
    expect(readable).toMatch(/Privacy notice accepted \(version [\d-]+\)<\/td><td>\d{4}-\d{2}-\d{2}T/);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('my-data-download-json').click(),
    ]);
    const file = JSON.parse(await downloadedText(json)) as { consents: unknown[]; held: { value: string }[] };
    expect(file.consents).toHaveLength(1);
    expect(file.held.map((h) => h.value)).toContain(PHONE);

    // Give, then withdraw, the marketing consent: the withdrawal shows with its time.
    const marketing = page.getByTestId('my-data-optional-marketing');
    await page.getByTestId('my-data-toggle-marketing').click();
    await marketing.getByText(/^Given /).waitFor();
    await page.getByTestId('my-data-toggle-marketing').click();
    await page.getByText('Consent withdrawn. It stopped at once.').first().waitFor();
    await marketing.getByText(/^Withdrawn /).waitFor();

    // Ask for erasure: confirmed, then listed with its deadline.
    await page.getByTestId('my-data-erase').click();
    await page.getByTestId('my-data-erase-confirm-confirm').click();
    await page
      .getByText(/^Request sent\. We answer by /)
      .first()
      .waitFor();
    const erasure = page.getByTestId('my-data-request-erasure');
    await erasure.getByText(/^Answer due by /).waitFor();
    await phone.screenshot('my-data-asked');

    // The privacy desk: the request with its deadline; done is refused while the application is open, so the officer refuses with the reason.
    await signInAt(desk, await staffAccount('dpo.privacy@hiram.test', 'Dee Privacy', 'dpo'), '#privacy');
    const row = desk.page.locator('tr', { hasText: PHONE }).filter({ hasText: 'erasure' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/1[45] d left/);
    await desk.screenshot('privacy-desk');
    await row.getByRole('button', { name: 'Answer' }).click();
    const drawer = await openedDialog(desk.page);
    await drawer.getByTestId('privacy-answer-text').fill('Erased.');
    await drawer.getByTestId('privacy-answer-send').click();
    await desk.page
      .getByText(/An open loan needs these records/)
      .first()
      .waitFor();
    await drawer.locator('label', { hasText: /^Refused$/ }).click();
    const reason =
      'Your application is still being reviewed, so we must keep it for now. Ask again once it is decided or your loan is settled.';
    await drawer.getByTestId('privacy-answer-text').fill(reason);
    await drawer.getByTestId('privacy-answer-send').click();
    await desk.page.getByText('Answered; the borrower is told by SMS').first().waitFor();
    expect(await desk.page.locator('tr', { hasText: PHONE }).filter({ hasText: 'erasure' }).count()).toBe(0);
    // The one refusal above is the server's answer (HTTP 409), which Chromium logs as a failed load.
    expect(desk.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);

    // The borrower: the answer by SMS and in My data.
    expect((await textsTo(PHONE))[0]).toMatch(
      /^Hiram: Your erasure request was refused\. Your application is still being reviewed/,
    );
    await page.reload();
    await erasure.getByText(/^Refused /).waitFor();
    expect(await erasure.getByTestId('my-data-outcome').textContent()).toBe(reason);
    await phone.screenshot('my-data-answered');
    expect(phone.errors).toEqual([]);
  });
});
