import { afterAll, beforeAll, expect, it } from 'vitest';
import { manilaToday } from '../src/shared/format/date';
import { apiLogin, describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { borrowerCall, payThroughSandbox } from './support/loans';
import { axeViolations, clippedText, horizontalOverflow } from './support/page-checks';
import { e2eServer } from './support/server';
import { signInAt, staffAccount, staffAuth, staffPost } from './support/staff-desk';
import type { TestSession } from './support/login';

let desk: PhonePage;
/** The borrower's session, signed in once (a phone waits 60 s between codes). */
let borrower: TestSession | undefined;

beforeAll(async () => {
  if (!hasBrowser) return;
  desk = await phonePage({ width: 1366, height: 768 });
});
afterAll(async () => {
  await desk?.context.close();
});

/**
 * A collector's day at 1366×768 (spec 001 §10, SEC MC 18 s.2019): the loan assigned to her on her
 * worklist, a promise to pay that the borrower's payment (through the sandbox provider) marks
 * kept, and a template text sent through the SMS provider with its words kept.
 */
describeBrowser("a collector's day", () => {
  it('works the assigned worklist: a promise kept by a payment, a text sent and kept', async () => {
    const loan = e2eServer().collectorLoan;
    const base = e2eServer().baseUrl;
    const cora = await staffAccount('cora.collector@hiram.test', 'Cora Collector', 'collections');
    await signInAt(desk, cora, '#collections');
    const auth = await staffAuth(cora.email, cora.password);
    // Every other collector of this server is away today, so the loans are dealt to Cora.
    const queue = await fetch(`${base}/owner/admin/collections/queue?pageSize=1`, { headers: auth }).then((r) =>
      r.json(),
    );
    const today = manilaToday();
    for (const other of queue.data.collectors as { staffId: number; name: string; away: boolean }[]) {
      if (other.name === 'Cora Collector' || other.away) continue;
      const away = await staffPost(
        '/admin/collections/away',
        { staffId: String(other.staffId), fromDay: today, untilDay: today },
        auth,
      );
      expect(away.code, away.message).toBe(0);
    }
    // The borrower allows late-hour contact on their own page's call, so the day works at any hour.
    const session = await apiLogin(loan.phone);
    borrower = session;
    const consent = await borrowerCall(session, 'POST', '/v3/contact-consent/give', { days: '7' });
    expect(consent.code, consent.message).toBe(0);

    const { page } = desk;
    await page.reload();
    const row = page.locator('tbody tr.ant-table-row', { hasText: loan.orderNo });
    await row.waitFor();
    expect(await row.textContent()).toContain('Cora Collector');
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
    const findings = {
      axe: await axeViolations(page),
      sideways: await horizontalOverflow(page),
      clipped: await clippedText(page),
      errors: desk.errors.splice(0),
    };
    expect(findings).toEqual({ axe: [], sideways: [], clipped: [], errors: [] });
    await desk.screenshot('admin-collector-worklist');

    // The borrower's consent shows with its evidence; the collector cannot record one.
    await page.getByTestId(`contact-${loan.orderNo}`).click();
    const evidence = page.getByTestId('consent-evidence');
    await evidence.waitFor();
    expect(await evidence.textContent()).toMatch(/in force.*On the borrower pages/);

    // A promise to pay ₱100 today.
    await page
      .getByTestId('promise-amount')
      .locator('input')
      .or(page.getByLabel('Amount promised in pesos'))
      .first()
      .fill('100');
    const day = page.getByLabel('Promised day');
    await day.click();
    await day.fill(today);
    await day.press('Enter');
    await page.getByTestId('promise-save').click();
    await page.getByText('Promise recorded').waitFor();
    await page.getByTestId('promise-list').locator('li', { hasText: 'open' }).waitFor();

    // The borrower pays ₱100 through the sandbox checkout: the payment marks the promise kept.
    await payThroughSandbox(session, loan.orderId, 10_000);
    await page.reload();
    await row.waitFor();
    await page.getByTestId(`contact-${loan.orderNo}`).click();
    await page.getByTestId('promise-list').locator('li', { hasText: 'kept' }).waitFor();
    expect(await page.getByTestId('promise-list').textContent()).toContain('paid ₱100.00');

    // A payment reminder from its template, through the SMS provider; the words are kept.
    await page.getByText('Send a text').click();
    await page.getByTestId('text-send').click();
    await page.getByText(`Text to ${loan.orderNo} sent`).waitFor();
    const kept = page.getByTestId('text-history').locator('li', { hasText: loan.orderNo });
    await kept.waitFor();
    const outbox = await fetch(`${base}/owner/dev/sms-outbox?phone=${loan.phone}`).then((r) => r.json());
    const sent = (outbox.data.messages as { body: string }[]).find((m) => m.body.includes(loan.orderNo));
    expect(sent?.body).toBeDefined();
    expect(await kept.textContent()).toContain(sent?.body);
    await desk.screenshot('admin-collector-day');
    expect(desk.errors).toEqual([]);
  }, 180_000);

  it('the borrower withdraws and gives late-hour consent on their own page, in Filipino (360×780)', async () => {
    const session = borrower ?? (await apiLogin(e2eServer().collectorLoan.phone));
    const phone = await phonePage();
    try {
      const { page } = phone;
      await page.goto(phone.url(`/contactConsent?${new URLSearchParams({ ...session })}&lang=fil`));
      await page.getByTestId('consent-active').waitFor();
      expect(await page.getByTestId('consent-active').textContent()).toContain('Pinapayagan mo');
      await page.getByTestId('consent-revoke').click();
      await page.getByTestId('consent-none').waitFor();
      const findings = {
        axe: await axeViolations(page),
        sideways: await horizontalOverflow(page),
        clipped: await clippedText(page),
      };
      expect(findings).toEqual({ axe: [], sideways: [], clipped: [] });
      await phone.screenshot('contact-consent-fil');
      const now = await borrowerCall(session, 'GET', '/v3/contact-consent');
      expect(now.data).toMatchObject({ active: null, inCollection: true });
      await page.getByTestId('consent-give-30').click();
      await page.getByTestId('consent-active').waitFor();
      const given = await borrowerCall(session, 'GET', '/v3/contact-consent');
      expect(given.data).toMatchObject({ active: { source: 'borrower-page' } });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
