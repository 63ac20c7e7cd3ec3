import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { appRatings, borrowerEvents, loanOrders, payoutAccounts, products } from '../../db/schema';
import { formatMoney } from '../../../shared/format/money';
import { manilaToday } from '../../../shared/format/date';
import { seedProducts } from '../../db/seed/seed-products';
import { type OrderStage, orderFor, type TestOrder } from '../../test/orders';
import { authHeader, buildTestApp } from '../../test/test-app';
import { extensionOffer, postPayment, readAcceptedQuote, readLoanState, stateOn, validThroughOf } from '../../money';

const t = await buildTestApp({ seed: false });
await seedProducts(t.database.db);
/** An order of its own (and its borrower's session) for one test. */
async function mine(stage: OrderStage, daysAgo = 0): Promise<TestOrder & { headers: Record<string, string> }> {
  const order = await orderFor(t.database.db, stage, { daysAgo });
  return { ...order, headers: authHeader(await t.login(order.phone)) };
}
const details = (orderId: number, headers: Record<string, string>) =>
  t.app
    .inject({ method: 'GET', url: `/owner/v3/loan-details/loan-details?orderId=${orderId}`, headers })
    .then((r) => r.json());
const post = (path: string, body: Record<string, string | number>, headers: Record<string, string>) =>
  t.app
    .inject({
      method: 'POST',
      url: `/owner${path}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    })
    .then((r) => r.json());
// A loan 89 days into its 91-day term: due, so it may be extended.
const due = await mine('disbursed', 89);

describe('spec 001 §3, §4, §7 loan details', () => {
  it.each([
    ['review', 0, 21, 'Under review'],
    ['rejected', 0, 151, 'Not approved'],
    ['approved', 0, 110, 'Approved'],
    ['settled', 200, 200, 'Settled'],
  ] as const)(
    'an order at %s (%i days old) answers status %i with its notice',
    async (stage, daysAgo, status, notice) => {
      const { orderId, headers } = await mine(stage, daysAgo);
      const res = await details(orderId, headers);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        orderId,
        orderStatus: status,
        noticeStatusText: notice,
        productName: 'Hiram Cash',
        playeduL: '',
      });
      expect(res.data.userOrderDetail.detail[0].text).toBe('Contract number');
      // A due date reads as a day, not a code (departure from spec 001 §9's YYYY-MM-DD).
      const due = res.data.userOrderDetail.detail.find((r: { text: string }) => r.text === 'Repayment date');
      if (due) expect(due.value).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    },
  );

  it('money paid over what was owed is shown to the borrower as their credit', async () => {
    const { orderId, headers } = await mine('disbursed', 30);
    const before = await details(orderId, headers);
    expect(before.data.userOrderDetail.detail.map((r: { text: string }) => r.text)).not.toContain(
      'Your credit (paid over what was owed)',
    );
    const payoff = Number(String(before.data.userOrderDetail.detail.at(-1).value).replace(/[^\d]/g, ''));
    await postPayment(
      t.database.db,
      {
        orderId,
        provider: 'sandbox',
        reference: 'CREDIT-SHOWN',
        amount: payoff + 12_345,
        kind: 'repayment',
        postedBy: 'test',
      },
      manilaToday(),
    );
    const after = await details(orderId, headers);
    expect(after.data.orderStatus).toBe(200);
    expect(after.data.userOrderDetail.detail).toContainEqual({
      text: 'Your credit (paid over what was owed)',
      value: '₱123.45',
    });
  });

  it('architecture.md: Order states: a due loan that may be extended says isDelay 1 and carries the Kind tips', async () => {
    const res = await details(due.orderId, due.headers);
    expect(res.data.orderStatus).toBe(174);
    expect(res.data.isDelay).toBe(1);
    expect(res.data.reyMsg).toBe('Short of money?');
    expect(res.data.KindTipsMsg).toMatch(/official|channels/);
  });

  it('the rating dialog is asked for on a settled loan until the borrower rates; the stars chosen are stored', async () => {
    const settled = await mine('settled', 200);
    expect((await details(settled.orderId, settled.headers)).data.isScore).toBe('1');
    expect((await post('/v3/loan-details/google-score', { score: 0 }, settled.headers)).code).toBe(Code.BAD_REQUEST);
    expect((await post('/v3/loan-details/google-score', { score: 3 }, settled.headers)).code).toBe(0);
    expect(
      (await t.database.db.query.appRatings.findFirst({ where: eq(appRatings.borrowerId, settled.borrowerId) }))?.score,
    ).toBe(3);
    expect((await details(settled.orderId, settled.headers)).data.isScore).toBe('0');
  });

  it('spec 001 §4: a rating is the borrower’s own: another borrower rating the app still leaves this one asked', async () => {
    const asked = await mine('settled', 200);
    const rater = await mine('settled', 200);
    expect((await post('/v3/loan-details/google-score', { score: 4 }, rater.headers)).code).toBe(0);
    expect((await details(rater.orderId, rater.headers)).data.isScore).toBe('0');
    expect((await details(asked.orderId, asked.headers)).data.isScore).toBe('1');
  });

  it('spec 001 §7 event save records Borrow Again (moduleId 30, positionId 0)', async () => {
    expect((await post('/service/event/save', { productId: 1, moduleId: 30, positionId: 0 }, due.headers)).code).toBe(
      0,
    );
    const rows = await t.database.db.select().from(borrowerEvents);
    expect(rows.at(-1)).toMatchObject({ borrowerId: due.borrowerId, productId: 1, moduleId: 30, positionId: 0 });
  });

  it('another borrower’s order answers not found', async () => {
    const other = await orderFor(t.database.db, 'disbursed', { daysAgo: 10 });
    expect((await details(other.orderId, due.headers)).code).toBe(Code.NOT_FOUND);
    // The same order answers its own borrower: the refusal is about whose it is.
    expect((await details(other.orderId, authHeader(await t.login(other.phone)))).code).toBe(0);
  });
});

describe('spec 001 §2.1, §3, §7 the missing parts of loan details', () => {
  it('is served by POST too, with success, inside and h5Url', async () => {
    const { orderId, headers } = due;
    const res = await post('/v3/loan-details/loan-details', { orderId, productId: 1 }, headers);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      success: true,
      inside: 1,
      h5Url: `/loanDetail?productId=1&orderId=${orderId}`,
      orderId,
    });
    expect((await details(orderId, headers)).data.h5Url).toBe(`/loanDetail?productId=1&orderId=${orderId}`);
  });

  it('recommends the other products the borrower can apply for, each with its range, rate and label', async () => {
    const res = await details(due.orderId, due.headers);
    expect(res.data.loanMarket).toBe(0);
    expect(res.data.recProducts.length).toBeGreaterThan(0);
    for (const p of res.data.recProducts) {
      expect(p.productId).not.toBe(1);
      expect(p).toMatchObject({ enabled: 1, buttonText: 'Apply', rangeDesc: 'Loan amount' });
      expect(p.range).toMatch(/^₱[\d,]+\.\d{2} – ₱[\d,]+\.\d{2}$/);
      expect(p.rate).toMatch(/% interest per day$/);
    }
  });

  it('spec 001 §7: a one-payment loan before its date shows the amount due on that date and, apart, what settles it today', async () => {
    const res = await details(due.orderId, due.headers);
    const rows = new Map<string, string>(
      res.data.userOrderDetail.detail.map((r: { text: string; value: string }) => [r.text, r.value]),
    );
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, due.orderId));
    const state = stateOn({ loanState: readLoanState(order?.loanState) }, manilaToday());
    // Two days before maturity the interest of those days is not owed if the loan is settled today.
    const scheduled = state.installments.reduce((sum, row) => sum + row.principal + row.interest, 0);
    expect(rows.get('Amount due')).toBe(formatMoney(scheduled));
    const today = rows.get('To settle today');
    expect(today).toBeDefined();
    expect(Number(today?.replace(/[^\d]/g, ''))).toBeLessThan(scheduled);
  });

  it('spec 001 §2.1: a product renamed or switched off shows so on the next order page (nothing kept stale)', async () => {
    const before = await details(due.orderId, due.headers);
    const [first, second] = before.data.recProducts as { productId: number; name: string }[];
    if (!first || !second) throw new Error('the demo catalogue recommends two products');
    await t.database.db.update(products).set({ name: 'Hiram Renamed' }).where(eq(products.id, first.productId));
    await t.database.db.update(products).set({ enabled: false }).where(eq(products.id, second.productId));
    const after = await details(due.orderId, due.headers);
    expect(after.data.recProducts.map((p: { productId: number; name: string }) => [p.productId, p.name])).toEqual([
      [first.productId, 'Hiram Renamed'],
    ]);
    // The order's own product is named from the same catalogue.
    await t.database.db.update(products).set({ name: 'Hiram Cash Two' }).where(eq(products.id, 1));
    expect((await details(due.orderId, due.headers)).data.productName).toBe('Hiram Cash Two');
    await t.database.db.update(products).set({ name: first.name }).where(eq(products.id, first.productId));
    await t.database.db.update(products).set({ enabled: true }).where(eq(products.id, second.productId));
    await t.database.db.update(products).set({ name: 'Hiram Cash' }).where(eq(products.id, 1));
  });

  it('our reading of the withdraw reminder: approved, the net amount on its way to the named (masked) account, by when', async () => {
    const approved = await mine('approved');
    const res = await details(approved.orderId, approved.headers);
    expect(res.data.orderStatus).toBe(110);
    expect(res.data.withdrawTitle).toBe('Your money is on its way');
    // The amount sent is the net proceeds (the service fee is withheld), not the loan amount.
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, approved.orderId));
    const quote = readAcceptedQuote(order?.quote);
    expect(quote.netProceeds).toBeLessThan(quote.totals.principal);
    expect(res.data.withdrawMsg).toBe(
      `Your loan of ${formatMoney(quote.totals.principal)} is approved. ${formatMoney(quote.netProceeds)} (after the ${formatMoney(quote.totals.fees)} service fee) is being sent to your GCash •••• ${approved.phone.slice(-4)}. It arrives within 1 to 3 calendar days, by ${res.data.withdrawMsg?.match(/by (\d{1,2} [A-Z][a-z]{2} \d{4}) at the latest/)?.[1]} at the latest.`,
    );
    expect(res.data.withdrawMsg).not.toContain(approved.phone);
    expect((await details(due.orderId, due.headers)).data.withdrawMsg).toBeUndefined();
  });

  it('spec 001 §2.1, §4: the approved page names the borrower’s own payout account, and asks for one when they have none', async () => {
    const first = await mine('approved');
    // Another borrower's account, saved after the first borrower's.
    const later = await mine('approved');
    const own = await details(first.orderId, first.headers);
    expect(own.data.withdrawMsg).toContain(`•••• ${first.phone.slice(-4)}`);
    expect(own.data.withdrawMsg).not.toContain(`•••• ${later.phone.slice(-4)}`);
    expect(own.data.cardNeedPop).toBe(0);
    // Without an account of their own, the page asks for one (whoever else has saved one).
    await t.database.db.delete(payoutAccounts).where(eq(payoutAccounts.borrowerId, first.borrowerId));
    const none = await details(first.orderId, first.headers);
    expect(none.data.cardNeedPop).toBe(1);
    expect(none.data.withdrawMsg).toBeUndefined();
  });

  it('shows the telephone from the configuration', async () => {
    expect((await details(due.orderId, due.headers)).data.telephone).toBe(t.config.LENDER_PHONE);
  });
});

describe('spec 001 §3, §4 playeduL and the loan-market flag come from the configuration', async () => {
  const configured = await buildTestApp({
    seed: false,
    env: { ORDER_REDIRECT_URL: 'https://hiram.ph/promo', ALLOWED_REDIRECT_HOSTS: 'hiram.ph', LOAN_MARKET_FLAG: '1' },
  });
  await seedProducts(configured.database.db);
  const { orderId, phone } = await orderFor(configured.database.db, 'disbursed', { daysAgo: 89 });
  const headers = authHeader(await configured.login(phone));
  it('answers the configured playeduL and loanMarket 1', async () => {
    const res = (
      await configured.app.inject({ url: `/owner/v3/loan-details/loan-details?orderId=${orderId}`, headers })
    ).json();
    expect(res.data).toMatchObject({ playeduL: 'https://hiram.ph/promo', loanMarket: 1 });
  });
});

describe('the order after an extension', () => {
  it('says the term as extended, not the contract’s 91 days', async () => {
    const order = await mine('disbursed', 89);
    const today = manilaToday();
    const [row] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, order.orderId));
    const offer = extensionOffer(stateOn({ loanState: readLoanState(row!.loanState) }, today), today);
    await postPayment(
      t.database.db,
      {
        orderId: order.orderId,
        provider: 'sandbox',
        reference: `EXT-TERM-${order.orderId}`,
        amount: offer.delayAmount,
        kind: 'extension',
        postedBy: 'test',
        honoured: { amount: offer.delayAmount, quotedOn: today, validThrough: validThroughOf(today) },
      },
      today,
    );
    const res = await details(order.orderId, order.headers);
    const term = res.data.userOrderDetail.detail.find((r: { text: string }) => r.text === 'Term');
    // Due on day 91, extended by one 91-day term from then: 182 days in all.
    expect(term.value).toBe('91 days, extended to 182 days (1 × extension)');
  });
});
