import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_KEY_SHOW_BANK_TIP } from '../src/shared/constants';
import { href } from '../src/shared/pages';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { axeViolations, clippedText, horizontalOverflow, smallTargets } from './support/page-checks';
import { e2eServer } from './support/server';

/**
 * "Why this amount" beside spec 001 §3's order details: the fixture borrower's overdue order is
 * nine days overdue (e2e/support/global-setup.ts); its lines add up to the amount due the order
 * page shows, in English and in Filipino, at 360×780. Signed in with the fixture borrower's session.
 * Nine days overdue is reached only by time, not by a call: the fixture order is read here, never changed.
 */
/** The fixture borrower's order nine days overdue. */
const OVERDUE = e2eServer().timeOrders.overdue;
let p: PhonePage;
let session: { sessionId: string; userId: string };

beforeAll(async () => {
  if (!hasBrowser) return;
  session = e2eServer().timeOrders.session;
  p = await phonePage();
  // The Kind tips of a due or overdue order show once a session (order-details.test.ts covers
  // them); marked as seen, so they never cover the link.
  await p.context.addInitScript((key) => sessionStorage.setItem(key, '1'), SESSION_KEY_SHOW_BANK_TIP);
});
afterAll(async () => {
  await p?.context.close();
});

const MONEY = /-?₱[\d,]+\.\d{2}/;
const centavos = (money: string | undefined) => Math.round(Number((money ?? '').replace(/[₱,]/g, '')) * 100);
const texts = {
  en: {
    title: 'Why this amount',
    link: 'Why this amount?',
    amountDue: 'Amount due',
    total: 'Amount due today',
    penalty: 'Late penalty',
  },
  fil: {
    title: 'Bakit ganito ang halaga',
    link: 'Bakit ganito ang halaga?',
    amountDue: 'Halagang dapat bayaran',
    total: 'Halagang dapat bayaran ngayon',
    penalty: 'Multa sa pagkaantala',
  },
} as const;

describeBrowser('Why this amount on an overdue order', () => {
  it.each(['en', 'fil'] as const)(
    '%s: the lines add up to the amount due shown on the order page, to the centavo',
    async (lang) => {
      const words = texts[lang];
      await p.page.goto(
        p.url(`${href('loanDetail', { orderId: OVERDUE, productId: 1 })}&${new URLSearchParams({ ...session, lang })}`),
      );
      // The amount due is found by its label: the definition that follows the term "Amount due"
      // (a dt/dd pair, as a screen reader pairs them), wherever the row sits; its link is in it.
      const due = p.page.getByTestId('order-detail').locator(`dt:text-is("${words.amountDue}") + dd`);
      const link = due.getByRole('link', { name: words.link });
      await link.waitFor();
      expect((await link.textContent())?.trim()).toBe(words.link);
      const shown = MONEY.exec((await due.textContent()) ?? '')?.[0];
      expect(shown).toBeTruthy();
      await p.screenshot(`amount-explained-order-${lang}`);
      expect(await smallTargets(p.page)).toEqual([]);

      await link.click();
      await p.page.waitForURL(new RegExp(`/amountExplained\\?orderId=${OVERDUE}\\b`));
      const total = p.page.getByTestId('why-total');
      await total.waitFor();
      expect(await total.textContent()).toBe(shown);
      expect(await p.page.getByText(words.total, { exact: true }).count()).toBe(1);
      expect(await p.page.locator('header').getByText(words.title, { exact: true }).count()).toBe(1);

      // Each line's centavos, summed, are the total; one line for each of the nine late days.
      const amounts = await p.page
        .getByTestId('why-line')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-amount'))));
      expect(amounts.reduce((sum, a) => sum + a, 0)).toBe(Number(await total.getAttribute('data-amount')));
      // …and the total is the order page's amount due, to the centavo.
      expect(Number(await total.getAttribute('data-amount'))).toBe(centavos(shown));
      expect(await p.page.locator('[data-testid="why-line"][data-kind="penalty"]').count()).toBe(9);
      // Each day's line names the penalty (the group's own label, above them, may name it too).
      expect(
        await p.page
          .locator('[data-testid="why-line"][data-kind="penalty"]')
          .getByText(words.penalty, { exact: false })
          .count(),
      ).toBe(9);
      // The fixture loan is under a regime: the default charge line names the ceiling that capped it.
      expect(await p.page.locator('[data-kind="default-charge"] [data-testid="why-cap"]').textContent()).toMatch(
        /Circular/,
      );
      await p.screenshot(`amount-explained-${lang}`);
      // Usable by everyone, as every page is (e2e/everyone-{en,fil}.test.ts): no serious axe finding, nothing cut off.
      expect(await axeViolations(p.page)).toEqual([]);
      expect(await horizontalOverflow(p.page)).toEqual([]);
      expect(await clippedText(p.page)).toEqual([]);
      expect(await smallTargets(p.page)).toEqual([]);
      expect(p.errors).toEqual([]);
    },
  );
});
