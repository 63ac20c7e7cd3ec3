import type { APIRequestContext } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { formatMoney } from '../src/shared/format/money';
import { href, pages } from '../src/shared/pages';
import { describeBrowser, type PhonePage, phonePage } from './support/browser';
import { fillApplicationPages, signInOnLoginPage } from './support/journey';
import { approveAndPayOut } from './support/loans';
import { e2eServer } from './support/server';

/**
 * The whole journey of a first loan from the open web, once in each language, each by a brand-new
 * phone at 360×780: the official site's Apply leads to the web sign-in with the SMS code; ₱3,000
 * chosen on the slider (below the limit); the application answered with the ID photo and a
 * selfie, a payout account bound; the quote read and consented to; credit approves and two finance
 * users pay out; the borrower pays through the sandbox as the repay page offers it, and keeps the
 * receipt and the certificate of full payment; a second tab stays signed in, and the menu's
 * sign-out signs out. Every amount the pages show is checked against the engine: the quote the
 * confirm and repay pages read (the same calls, with the borrower's session), and the public
 * calculator, which prices through the same engine without a session.
 */
const JOURNEYS = [
  ['en', '09176420413'],
  ['fil', '09176420414'],
] as const;
const AMOUNT = 300_000;

type Reply<T> = { code: number; message: string; data: T };
type Row = { text: string; value: string };
type Quote = {
  amount: number;
  termDays: number;
  details: Row[];
  disclosure: Row[];
  repay_plans: { title: string; amount: number; pay_time: string }[];
};
type Installment = {
  repayAmount: number;
  payoff?: { amount: number; rebate: number };
  lockIn?: { payAll: number };
};
type Priced = { quote: { netProceeds: number; serviceFee: number; interest: number; totalRepayable: number } };

/** A borrower call with the page's own session (its cookie), in the page's language. */
async function read<T>(request: APIRequestContext, lang: string, path: string): Promise<T> {
  const res = await request.get(`${e2eServer().baseUrl}/owner${path}`, { headers: { 'accept-language': lang } });
  const body = (await res.json()) as Reply<T>;
  if (body.code !== 0) throw new Error(`${path} answered ${body.code}: ${body.message}`);
  return body.data;
}

/** The texts of the development SMS outbox for a phone, newest first. */
async function outbox(phone: string): Promise<string[]> {
  const res = await fetch(`${e2eServer().baseUrl}/owner/dev/sms-outbox?phone=${phone}`);
  return ((await res.json()) as Reply<{ messages: { body: string }[] }>).data.messages.map((m) => m.body);
}

const opened: PhonePage[] = [];
afterAll(async () => {
  for (const p of opened) await p.context.close();
});

describeBrowser(
  'the whole journey of a first loan from any phone browser, every amount from the engine (spec 000 §2, spec 001 §2.1, §2.8, §2.10)',
  () => {
    it.each(JOURNEYS)(
      '%s: official site → Apply → sign in → apply for ₱3,000 → consent → approved and paid out by two → paid → receipt and certificate → second tab → sign out',
      async (lang, phone) => {
        const p = await phonePage();
        opened.push(p);
        const { page, context } = p;
        const request = context.request;
        const missing: string[] = [];
        page.on('response', (r) => {
          if (r.status() === 404) missing.push(r.url());
        });
        const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

        // The official site, as a visitor opens it: Apply leads to the sign-in, in the site's language.
        await page.goto(p.url(`${pages.officialSite}?lang=${lang}`));
        await page.getByTestId('site-apply').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await p.screenshot(`journey-site-${lang}`);
        await page.getByTestId('site-apply').click();
        await page.waitForURL(/\/login\?redirect=/);
        await p.ready();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await signInOnLoginPage(p, phone);

        // Hiram Cash, ₱3,000 chosen on the slider (the limit is higher); the application comes first.
        await page.getByTestId('apply-1').click();
        await page.waitForURL(/\/confirmLoan\?productId=1/);
        await page.getByTestId('amount-slider').fill(String(AMOUNT));
        await expect.poll(() => text('confirm-amount')).toBe(formatMoney(AMOUNT));
        expect(await page.getByTestId('amount-more').isDisabled()).toBe(false);
        await page.getByTestId('confirm-continue-application').click();
        await page.waitForURL(new RegExp(`/apply\\?productId=1&amount=${AMOUNT}`));
        // The payout account's holder name and birth date come from the application (checked inside).
        await fillApplicationPages(p, {
          phone,
          fullName: 'Lorna Bautista',
          street: '12 Mabini St., Barangay Malate',
          employer: 'Bayanihan Logistics Inc.',
          monthlyIncome: '28000',
          refName: 'Rodel Bautista',
          refPhone: '0918 555 0202',
        });

        // The confirm page quotes the ₱3,000 chosen, the engine's quote row by row; consent starts unticked.
        expect(page.url()).toMatch(new RegExp(`/confirmLoan\\?productId=1&amount=${AMOUNT}`));
        const quote = await read<Quote>(request, lang, `/v3/loan-confirm/detail?productId=1&amount=${AMOUNT}`);
        const priced = (
          await read<Priced>(
            request,
            lang,
            `/v3/public/loan-calculator?productId=1&amount=${AMOUNT}&termDays=${quote.termDays}`,
          )
        ).quote;
        expect(quote.amount).toBe(AMOUNT);
        expect(await text('confirm-amount')).toBe(formatMoney(AMOUNT));
        expect(await text('confirm-next')).toContain(formatMoney(AMOUNT));
        const summary = await text('confirm-summary');
        for (const row of quote.details) expect(summary).toContain(row.value);
        const plan = await text('confirm-plan');
        for (const due of quote.repay_plans) expect(plan).toContain(formatMoney(due.amount));
        // The plan is the engine's: principal and interest, paid back over the schedule.
        expect(quote.repay_plans.reduce((sum, due) => sum + due.amount, 0)).toBe(priced.totalRepayable);
        const disclosure = await text('confirm-disclosure');
        for (const row of quote.disclosure) expect(disclosure).toContain(row.value);
        expect(disclosure).toContain(formatMoney(priced.netProceeds));
        expect(disclosure).toContain(formatMoney(priced.interest));
        // Consent is an act: the box arrives unticked. Accepting makes the order (21).
        expect(await page.getByTestId('confirm-agree').isChecked()).toBe(false);
        await p.screenshot(`journey-confirm-${lang}`);
        await page.getByTestId('confirm-agree').check();
        await page.getByTestId('confirm-next').click();
        await page.waitForURL(/\/loanDetail\?productId=1&orderId=\d+/);
        const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
        expect(await page.getByTestId('order-banner').getAttribute('data-status')).toBe('21');

        // Credit approves on its desk's call; one finance user requests the payout, another approves it.
        await approveAndPayOut(orderId);
        // The messages name the money as it is: the net amount sent, not the amount borrowed
        // (sent by the messages sweep, every second in this server).
        await expect
          .poll(async () => (await outbox(phone)).filter((m) => m.includes(formatMoney(priced.netProceeds))).length, {
            timeout: 10_000,
          })
          .toBe(2);
        await page.reload();
        await expect.poll(() => page.getByTestId('order-banner').getAttribute('data-status')).toBe('170');

        // A second tab of the same browser is signed in too.
        const second = await context.newPage();
        await second.goto(p.url(href('records', { orderId })));
        await second.getByTestId('records-schedule').waitFor();
        expect(second.url()).not.toMatch(/\/login/);
        await second.close();

        // The repay page: what is due and what settles it today, as the engine quotes them.
        await page.goto(p.url(href('repay', { orderId, productId: 1 })));
        await page.getByTestId('repay-amount').waitFor();
        const due = await read<Installment>(
          request,
          lang,
          `/v3/repayment/installment-detail?productId=1&orderId=${orderId}`,
        );
        expect(await text('repay-amount')).toBe(formatMoney(due.repayAmount));
        // Early payoff from the first day: interest only to the day paid, so what settles the loan
        // today is the scheduled total less the unearned interest, and the amount asked today is the
        // smaller of the first installment and that.
        const first = quote.repay_plans[0]?.amount ?? 0;
        expect(due.payoff, 'prepayment open on day 0').toBeDefined();
        const payoff = due.payoff ?? { amount: 0, rebate: 0 };
        expect(payoff.amount + payoff.rebate).toBe(priced.totalRepayable);
        expect(due.repayAmount).toBe(Math.min(first, payoff.amount));
        expect(await text('payoff-amount')).toContain(formatMoney(payoff.amount));
        // The borrower pays what settles the loan today, in full through the sandbox provider.
        const paying = payoff.amount;
        if (due.repayAmount !== payoff.amount) await page.getByTestId('payoff-choice').click();
        await p.screenshot(`journey-repay-${lang}`);
        await page.getByTestId('payment-method').click();
        await page.getByTestId('pay-submit').click();
        await page.waitForURL(/\/sandbox\/pay\/\d+\?key=[\w-]+$/);
        expect(await page.locator('body').textContent()).toContain(formatMoney(paying));
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.getByText('Payment received').waitFor();

        // Records: the receipt of that payment (nothing left), then the certificate of full payment.
        await page.goto(p.url(href('records', { orderId })));
        await page.getByTestId('payment-row').first().click();
        await page.getByTestId('receipt').waitFor();
        expect(await text('receipt-amount')).toBe(formatMoney(paying));
        expect(await text('receipt-remaining')).toBe(formatMoney(0));
        await p.screenshot(`journey-receipt-${lang}`);
        await page.goBack();
        await page.getByTestId('records-certificate').click();
        await page.getByTestId('certificate').waitFor();
        expect(await text('certificate-amount')).toBe(formatMoney(AMOUNT));
        expect(await text('certificate-total-paid')).toBe(formatMoney(paying));
        expect(await text('certificate-borrower')).toBe('Lorna Bautista');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await p.screenshot(`journey-certificate-${lang}`);
        expect(p.errors).toEqual([]);

        // Sign-out from the menu signs out: the next visit asks to sign in.
        await page.getByTestId('menu-open').click();
        await page.getByTestId('menu-sign-out').click();
        await page.waitForURL('**/login');
        const next = await context.newPage();
        await next.goto(p.url(href('home')));
        await next.waitForURL('**/login?redirect=*');
        expect(missing).toEqual([]);
        // 401: the visit after signing out.
        expect(p.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
      },
      120_000,
    );
  },
);
