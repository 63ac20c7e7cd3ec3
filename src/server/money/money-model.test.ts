import { and, count, eq, gt, lte, max } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { ledgerEntries, loanOrders, payments, products } from '../db/schema';
import { demoProducts } from '../db/seed/demo-products';
import { addDays, daysBetween, type IsoDate, isSettled, quotePrepayment } from '../domain/loan';
import { RUNNING_STATUSES } from '../../shared/order-status';
import { AppError } from '../http/app-error';
import type { PayoutProvider } from '../providers/payment/payout-provider';
import { buildTestApp } from '../test/test-app';
import { bindWallet } from '../test/payout-support';
import { newBorrower } from '../test/test-borrowers';
import {
  approveManualPosting,
  approvePayout,
  approveReversal,
  approveTransfer,
  approveWriteOff,
  applyPayoutEvent,
  decide,
  disburse,
  ledgerProblems,
  payoffOf,
  postPayment,
  readLoanState,
  extensionOffer,
  validThroughOf,
  requestManualPosting,
  requestRefund,
  requestReversal,
  requestTransfer,
  requestWriteOff,
  reversePayment,
  runCloseOfBusiness,
  stateOn,
  submitApplication,
} from './index';
import { accountRows } from './ledger/trial-balance';

/**
 * The books proven by random sequences of every money command (docs/money.md "The model-based
 * test"). Each run lays down a few loans for two borrowers, then fast-check draws a sequence of
 * commands: payments on time, late, out of order and sent twice; reversals of every payment kind,
 * by the provider and by two finance users (and refused to one); manual postings stacking while
 * pending; credit applied to the next loan and taken back; refunds paid, failed and reversed by
 * the provider; write-offs and recoveries; closes of business forward, repeated and back-dated;
 * days passing. After every step the invariants hold: journals balance, clearing accounts net to
 * zero, receivables equal the engine's state, credit equals what is left, nothing is owed below
 * zero, no reference posts twice (ledger-check.ts), each loan's running income totals (what
 * recognition reads) equal the sum of its income lines, no closed day's trial balance changed, and
 * a refused command changed nothing. Shrunk failures become named tests below.
 *
 * MONEY_MODEL_RUNS sets the number of sequences (CI: 200 on PGlite, fewer on PostgreSQL, where
 * every API file also runs); run it longer with, for example,
 * `MONEY_MODEL_RUNS=2000 npx vitest run --project api src/server/money/money-model.test.ts`.
 */
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? (inject('pgAdminUrl') ? 40 : 200));

const t = await buildTestApp({ seed: false });
const db = t.database.db;
await db.insert(products).values(demoProducts.map((p) => ({ ...p, terms: { ...p.terms } })));

/** One clock for every run: days only move forward, as they do in production. */
let today: IsoDate = '2026-05-04';
const clock = { now: () => new Date(`${today}T04:00:00.000Z`), today: () => today };
const MAKER = 'maker@hiram.test';
const CHECKER = 'checker@hiram.test';

/** A payout provider that takes every payout; its outcome is told by the commands (the provider's callback). */
const payoutsStub: PayoutProvider = {
  name: 'model',
  supports: () => true,
  payout: async ({ reference }) => ({ outcome: 'accepted', providerId: `model-${reference}` }),
  verifyPayout: () => ({ ok: false, reason: 'malformed' }),
};

interface Loan {
  id: number;
  borrower: number;
}
interface Paid {
  id: number;
  orderId: number;
  provider: string;
  reference: string;
  amount: number;
}
interface Model {
  loans: Loan[];
  paid: Paid[];
  /** Trial balance rows of each closed day, as they were when it closed (compared at the end of the run). */
  closedDays: Map<IsoDate, string>;
  /**
   * The last day closed and the last ledger line then: ledger lines are only ever added, so a
   * closed day is unchanged while no line added since is posted on or before it (checked after
   * every step, cheaply).
   */
  lastClosed: { day: IsoDate; line: number } | null;
  references: number;
}
type Real = Record<string, never>;

const snapshotOf = async (date: IsoDate) => JSON.stringify(await accountRows(db, date));
/** The last ledger line: lines are only ever added, so the ledger moved when this moved (a count would scan it all). */
const lastLine = async () => (await db.select({ n: max(ledgerEntries.id) }).from(ledgerEntries))[0]?.n ?? 0;
async function orderOf(id: number) {
  const [row] = await db.select().from(loanOrders).where(eq(loanOrders.id, id));
  if (!row) throw new Error(`order ${id} missing`);
  return row;
}
const payoffNow = async (id: number) => {
  const order = await orderOf(id);
  return order.loanState ? payoffOf(stateOn({ loanState: readLoanState(order.loanState) }, today)) : 0;
};

/**
 * Runs a money command that may be refused. A refusal must be an AppError (a reason a person can
 * read), and must change nothing in the ledger.
 */
async function attempt<T>(name: string, command: () => Promise<T>): Promise<T | null> {
  const before = await lastLine();
  try {
    const done = await command();
    tally(name, 'done');
    return done;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(await lastLine(), `refused (${error.message}) but the ledger moved`).toBe(before);
    tally(name, `refused: ${error.message.replace(/[\d,.₱]+/g, '#').slice(0, 70)}`);
    return null;
  }
}

/** What the commands did, by outcome (MONEY_MODEL_STATS=1 prints it): a model that only meets refusals proves little. */
const outcomes = new Map<string, number>();
function tally(name: string, outcome: string) {
  const key = `${name} ${outcome}`;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
}

/** The invariants, after every step. */
async function check(model: Model): Promise<void> {
  // The ledger's invariants, each loan's running income totals equal to its income lines among them.
  expect(await ledgerProblems(db, { orderIds: model.loans.map((l) => l.id) })).toEqual([]);
  if (model.lastClosed) {
    const { day, line } = model.lastClosed;
    const [late] = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(gt(ledgerEntries.id, line), lte(ledgerEntries.businessDate, day)));
    expect(late?.n, `a line was posted on closed day ${day} or before`).toBe(0);
  }
}

const nextReference = (model: Model, prefix: string) => `${prefix}-${++model.references}-${Date.now() % 1e6}`;

/** Pays a loan off and over (kept as credit), when `overpay` asks for it: what a refund or a transfer needs first. */
async function overpaid(model: Model, loan: Loan, overpay: boolean): Promise<void> {
  if (!overpay) return;
  const payoff = await payoffNow(loan.id);
  const reference = nextReference(model, 'OVER');
  const amount = payoff + 30_000;
  const posted = await attempt('postPayment', () =>
    postPayment(
      db,
      { orderId: loan.id, provider: 'sandbox', reference, amount, kind: 'repayment', postedBy: 'sandbox' },
      today,
    ),
  );
  if (posted) model.paid.push({ id: posted.paymentId, orderId: loan.id, provider: 'sandbox', reference, amount });
}

class AdvanceDays implements fc.AsyncCommand<Model, Real> {
  constructor(readonly days: number) {}
  check = () => true;
  async run(model: Model) {
    today = addDays(today, this.days);
    await check(model);
  }
  // Days pass in every run, so a sequence never starts on a day already closed by the last one.
  toString = () => `AdvanceDays(${this.days})`;
}

class CloseOfBusiness implements fc.AsyncCommand<Model, Real> {
  constructor(readonly back: number) {}
  check = () => true;
  async run(model: Model) {
    const date = addDays(today, -this.back);
    const closedBefore = new Set(model.closedDays.keys());
    const result = await runCloseOfBusiness(db, date, { today });
    const before = [...closedBefore].sort().at(-1);
    if (before !== undefined && daysBetween(before, date) < 0) expect(result.outcome).not.toBe('done');
    const closedNow = [...result.gapsClosed, ...(result.outcome === 'done' ? [date] : [])];
    for (const day of closedNow) expect(closedBefore.has(day), `${day} closed twice`).toBe(false);
    // The last day closed is snapshotted (each snapshot sums the ledger); the days before it are
    // held by the line check after every step.
    const last = closedNow.at(-1);
    if (last) model.closedDays.set(last, await snapshotOf(last));
    if (result.lastClosed) model.lastClosed = { day: result.lastClosed, line: await lastLine() };
    for (const day of [...model.closedDays.keys()].sort().slice(0, -2)) model.closedDays.delete(day);
    await check(model);
  }
  toString = () => `CloseOfBusiness(today-${this.back})`;
}

class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly loan: number,
    readonly share: number,
    readonly back: number,
  ) {}
  check = (m: Readonly<Model>) => m.loans.length > 0;
  async run(model: Model) {
    const loan = model.loans[this.loan % model.loans.length]!;
    const order = await orderOf(loan.id);
    const payoff = await payoffNow(loan.id);
    const amount = Math.max(100, Math.round((payoff * this.share) / 100));
    const earliest = order.disbursedOn ?? today;
    const valueDate = addDays(today, -Math.min(this.back, daysBetween(earliest, today)));
    const reference = nextReference(model, 'PAY');
    const posted = await attempt('postPayment', () =>
      postPayment(
        db,
        { orderId: loan.id, provider: 'sandbox', reference, amount, kind: 'repayment', postedBy: 'sandbox', valueDate },
        today,
      ),
    );
    if (posted) model.paid.push({ id: posted.paymentId, orderId: loan.id, provider: 'sandbox', reference, amount });
    await check(model);
  }
  toString = () => `Pay(loan ${this.loan}, ${this.share}% of payoff, valued today-${this.back})`;
}

/**
 * Pays a loan off early with the payoff quoted today (interest only to today, none from day 0):
 * on a running loan inside its payoff window it settles the loan with no interest beyond today's.
 */
class PayOffEarly implements fc.AsyncCommand<Model, Real> {
  constructor(readonly loan: number) {}
  check = (m: Readonly<Model>) => m.loans.length > 0;
  async run(model: Model) {
    const loan = model.loans[this.loan % model.loans.length]!;
    const order = await orderOf(loan.id);
    if (!order.loanState || !RUNNING_STATUSES.includes(order.status)) return check(model);
    const state = stateOn({ loanState: readLoanState(order.loanState) }, today);
    const quote = quotePrepayment(state, today);
    if (!quote.allowed) return check(model);
    const reference = nextReference(model, 'OFF');
    const honoured = { amount: quote.payoff, quotedOn: today, validThrough: validThroughOf(today) };
    const posted = await attempt('postPayment payoff', () =>
      postPayment(
        db,
        {
          orderId: loan.id,
          provider: 'sandbox',
          reference,
          amount: quote.payoff,
          kind: 'repayment',
          postedBy: 'sandbox',
          honoured,
        },
        today,
      ),
    );
    if (posted) {
      model.paid.push({ id: posted.paymentId, orderId: loan.id, provider: 'sandbox', reference, amount: quote.payoff });
      const after = readLoanState((await orderOf(loan.id)).loanState);
      expect(isSettled(after), 'the payoff quoted today settles the loan').toBe(true);
      expect(after.paid.principal).toBe(after.amount);
      // Interest only to the day of payment: the rebate is what was not charged.
      const scheduled = state.installments.reduce((sum, row) => sum + row.interest, 0);
      expect(after.paid.interest).toBe(scheduled - quote.rebate);
    }
    await check(model);
  }
  toString = () => `PayOffEarly(loan ${this.loan})`;
}

class Extend implements fc.AsyncCommand<Model, Real> {
  constructor(readonly loan: number) {}
  check = (m: Readonly<Model>) => m.loans.length > 0;
  async run(model: Model) {
    const loan = model.loans[this.loan % model.loans.length]!;
    const order = await orderOf(loan.id);
    const reference = nextReference(model, 'EXT');
    // The delay amount the borrower is quoted today, paid and honoured as the pay page does.
    const posted = await attempt('postPayment extension', async () => {
      const offer = extensionOffer(stateOn({ loanState: readLoanState(order.loanState) }, today), today);
      const honoured = { amount: offer.delayAmount, quotedOn: today, validThrough: validThroughOf(today) };
      return postPayment(
        db,
        {
          orderId: loan.id,
          provider: 'sandbox',
          reference,
          amount: offer.delayAmount,
          kind: 'extension',
          postedBy: 'sandbox',
          honoured,
        },
        today,
      );
    });
    if (posted) {
      expect(posted.extended, 'a delay amount paid on its day extends the loan').toBe(true);
      const [row] = await db.select().from(payments).where(eq(payments.id, posted.paymentId));
      model.paid.push({ id: posted.paymentId, orderId: loan.id, provider: 'sandbox', reference, amount: row!.amount });
    }
    await check(model);
  }
  toString = () => `Extend(loan ${this.loan})`;
}

class PayAgain implements fc.AsyncCommand<Model, Real> {
  constructor(readonly which: number) {}
  check = (m: Readonly<Model>) => m.paid.some((p) => p.provider === 'sandbox');
  async run(model: Model) {
    const sandbox = model.paid.filter((p) => p.provider === 'sandbox');
    const first = sandbox[this.which % sandbox.length]!;
    const before = await lastLine();
    const again = await postPayment(
      db,
      {
        orderId: first.orderId,
        provider: first.provider,
        reference: first.reference,
        amount: first.amount,
        kind: 'repayment',
        postedBy: 'sandbox',
      },
      today,
    );
    expect(again).toMatchObject({ duplicate: true, paymentId: first.id });
    expect(await lastLine()).toBe(before);
    await check(model);
  }
  toString = () => `PayAgain(${this.which})`;
}

class ProviderReverses implements fc.AsyncCommand<Model, Real> {
  constructor(readonly which: number) {}
  check = (m: Readonly<Model>) => m.paid.some((p) => p.provider === 'sandbox');
  async run(model: Model) {
    const sandbox = model.paid.filter((p) => p.provider === 'sandbox');
    const payment = sandbox[this.which % sandbox.length]!;
    await reversePayment(db, { paymentId: payment.id, reason: 'chargeback', actor: 'sandbox' }, today);
    await check(model);
  }
  toString = () => `ProviderReverses(${this.which})`;
}

class StaffReverses implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly which: number,
    readonly sameHand: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.paid.length > 0;
  async run(model: Model) {
    const payment = model.paid[this.which % model.paid.length]!;
    const asked = await attempt('requestReversal', () =>
      requestReversal(db, { paymentId: payment.id, reason: 'model', actor: MAKER }),
    );
    if (asked) {
      const by = this.sameHand ? MAKER : CHECKER;
      const done = await attempt('approveReversal', () =>
        approveReversal(db, { requestId: asked.request.id, actor: by }, today),
      );
      if (this.sameHand) expect(done).toBeNull();
    }
    await check(model);
  }
  toString = () => `StaffReverses(${this.which}, ${this.sameHand ? 'one person' : 'two people'})`;
}

class ManualPostings implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly loan: number,
    readonly shares: number[],
  ) {}
  check = (m: Readonly<Model>) => m.loans.length > 0;
  async run(model: Model) {
    const loan = model.loans[this.loan % model.loans.length]!;
    const order = await orderOf(loan.id);
    const payoff = await payoffNow(loan.id);
    // Entered one after another while all pending, then approved: the cap holds at approval.
    const entered = [];
    for (const share of this.shares) {
      const reference = nextReference(model, 'MAN');
      const amount = Math.max(100, Math.round((payoff * share) / 100));
      const request = await attempt('requestManualPosting', () =>
        requestManualPosting(
          db,
          { orderNo: order.orderNo, reference, amount, kind: 'repayment', actor: MAKER },
          today,
          50_000,
        ),
      );
      if (request) entered.push({ request: request.request, reference, amount });
    }
    // Two finance users approve the first at once: it posts once.
    const [first] = entered;
    if (first) {
      const both = await Promise.allSettled([
        approveManualPosting(db, { requestId: first.request.id, actor: CHECKER }, today, 50_000),
        approveManualPosting(db, { requestId: first.request.id, actor: 'second-checker@hiram.test' }, today, 50_000),
      ]);
      const done = both.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      for (const r of both) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(AppError);
      expect(done.filter((r) => !r.duplicate).length, 'racing approvals posted more than once').toBeLessThanOrEqual(1);
    }
    for (const { request, reference, amount } of entered) {
      const posted = await attempt('approveManualPosting', () =>
        approveManualPosting(db, { requestId: request.id, actor: CHECKER }, today, 50_000),
      );
      if (posted) model.paid.push({ id: posted.paymentId, orderId: loan.id, provider: 'manual', reference, amount });
    }
    await check(model);
  }
  toString = () => `ManualPostings(loan ${this.loan}, ${this.shares.join('%, ')}%)`;
}

class CreditToNextLoan implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly borrower: number,
    readonly overpay: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.loans.length > 1;
  async run(model: Model) {
    const borrowers = [...new Set(model.loans.map((l) => l.borrower))];
    const borrower = borrowers[this.borrower % borrowers.length]!;
    const mine = model.loans.filter((l) => l.borrower === borrower);
    if (mine[0]) await overpaid(model, mine[0], this.overpay);
    for (const from of mine) {
      for (const to of mine) {
        if (from.id === to.id) continue;
        const asked = await attempt('requestTransfer', () =>
          requestTransfer(db, borrower, { orderId: from.id, toOrderId: to.id }, today),
        );
        if (!asked) continue;
        const approved = await attempt('approveTransfer', () =>
          approveTransfer(db, { transferId: asked.id, actor: CHECKER }, today),
        );
        if (approved?.status === 'posted') {
          const [payment] = await db.select().from(payments).where(eq(payments.reference, approved.reference));
          if (payment)
            model.paid.push({
              id: payment.id,
              orderId: to.id,
              provider: 'credit',
              reference: payment.reference,
              amount: payment.amount,
            });
        }
      }
    }
    await check(model);
  }
  toString = () =>
    `CreditToNextLoan(borrower ${this.borrower}${this.overpay ? ', its first loan overpaid first' : ''})`;
}

class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly loan: number,
    readonly outcome: 'succeeded' | 'failed' | 'reversed',
    readonly overpay: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.loans.length > 0;
  async run(model: Model) {
    const loan = model.loans[this.loan % model.loans.length]!;
    await overpaid(model, loan, this.overpay);
    const asked = await attempt('requestRefund', () =>
      requestRefund(db, payoutsStub, { orderId: loan.id, actor: MAKER }),
    );
    if (asked) {
      const approved = await attempt('approvePayout', () =>
        approvePayout(db, payoutsStub, { payoutId: asked.id, actor: CHECKER }, clock),
      );
      if (approved) {
        const event = (status: 'succeeded' | 'failed' | 'reversed') => ({
          eventId: `${asked.reference}:${status}`,
          reference: asked.reference,
          providerId: `model-${asked.reference}`,
          amount: asked.amount,
          status,
          at: clock.now().toISOString(),
        });
        await applyPayoutEvent(db, payoutsStub.name, event(this.outcome === 'failed' ? 'failed' : 'succeeded'), clock);
        if (this.outcome === 'reversed') await applyPayoutEvent(db, payoutsStub.name, event('reversed'), clock);
      }
    }
    await check(model);
  }
  toString = () => `Refund(loan ${this.loan}, ${this.outcome}${this.overpay ? ', overpaid first' : ''})`;
}

class WriteOff implements fc.AsyncCommand<Model, Real> {
  constructor(readonly loan: number) {}
  check = (m: Readonly<Model>) => m.loans.length > 0;
  async run(model: Model) {
    const loan = model.loans[this.loan % model.loans.length]!;
    const order = await orderOf(loan.id);
    const asked = await attempt('requestWriteOff', () =>
      requestWriteOff(db, { orderNo: order.orderNo, reason: 'model', actor: MAKER }),
    );
    if (asked)
      await attempt('approveWriteOff', () =>
        approveWriteOff(db, { requestId: asked.request.id, actor: CHECKER }, today),
      );
    await check(model);
  }
  toString = () => `WriteOff(loan ${this.loan})`;
}

const index = fc.nat({ max: 20 });
const COMMANDS = [
  fc.constantFrom(1, 1, 2, 5).map((d) => new AdvanceDays(d)),
  fc.constantFrom(0, 0, 1, 3).map((b) => new CloseOfBusiness(b)),
  fc
    .tuple(index, fc.constantFrom(10, 50, 100, 103, 250), fc.constantFrom(0, 0, 1, 5, 40))
    .map(([l, s, b]) => new Pay(l, s, b)),
  index.map((i) => new PayAgain(i)),
  index.map((l) => new Extend(l)),
  index.map((l) => new PayOffEarly(l)),
  index.map((i) => new ProviderReverses(i)),
  fc.tuple(index, fc.boolean()).map(([i, same]) => new StaffReverses(i, same)),
  fc.tuple(index, fc.boolean()).map(([i, same]) => new StaffReverses(i, same)),
  fc
    .tuple(index, fc.array(fc.constantFrom(20, 60, 101, 110), { minLength: 1, maxLength: 3 }))
    .map(([l, s]) => new ManualPostings(l, s)),
  fc.tuple(index, fc.boolean()).map(([b, over]) => new CreditToNextLoan(b, over)),
  fc
    .tuple(index, fc.constantFrom('succeeded', 'failed', 'reversed') as fc.Arbitrary<Refund['outcome']>)
    .map(([l, o]) => new Refund(l, o, true)),
  index.map((l) => new WriteOff(l)),
];

/**
 * Two borrowers, the first with two loans side by side (credit can move between them). The loans
 * were paid out some weeks apart in the past (brought up to today at once), so a sequence meets
 * loans before, on and after their due dates without closing months of days.
 */
async function freshLoans(ages: readonly number[]): Promise<Loan[]> {
  const loans: Loan[] = [];
  let age = 0;
  for (const count of [2, 1]) {
    const borrower = await newBorrower(db);
    await bindWallet(db, borrower, '09171230001', 'Model Borrower');
    for (let i = 0; i < count; i++) {
      const start = addDays(today, -(ages[age++] ?? 0));
      const order = await submitApplication(db, { borrowerId: borrower, productId: 1, amount: 500_000 }, start, {
        exposure: 'demo-history',
      });
      await decide(db, order.id, { approve: true, actor: 'credit' }, start);
      await disburse(db, order.id, 'model', start, today);
      loans.push({ id: order.id, borrower });
    }
  }
  return loans;
}

/** After a sequence its loans are paid off, so later nights do not accrue on them for ever. */
async function settle(model: Model): Promise<void> {
  for (const loan of model.loans) {
    const payoff = await payoffNow(loan.id);
    if (payoff <= 0) continue;
    const reference = nextReference(model, 'END');
    await attempt('postPayment', () =>
      postPayment(
        db,
        { orderId: loan.id, provider: 'sandbox', reference, amount: payoff, kind: 'repayment', postedBy: 'sandbox' },
        today,
      ),
    );
  }
  await check(model);
}

async function runSequence(ages: readonly number[], commands: Iterable<fc.AsyncCommand<Model, Real>>): Promise<void> {
  const model: Model = {
    loans: await freshLoans(ages),
    paid: [],
    closedDays: new Map(),
    lastClosed: null,
    references: 0,
  };
  await check(model);
  await fc.asyncModelRun(() => ({ model, real: {} }), commands);
  await settle(model);
  for (const [date, rows] of model.closedDays) expect(await snapshotOf(date), `closed day ${date} changed`).toBe(rows);
}

const AGES = fc.array(fc.constantFrom(0, 20, 88, 92, 120, 200), { minLength: 3, maxLength: 3 });

describe('the books under random sequences of every money command', () => {
  it(`${RUNS} sequences: every invariant holds after every step`, { timeout: 900_000 }, async () => {
    const MUST_GET_THROUGH = [
      'postPayment',
      'postPayment extension',
      'postPayment payoff',
      'approveReversal',
      'approveManualPosting',
      'approveTransfer',
      'approvePayout',
    ];
    const missing = () => MUST_GET_THROUGH.filter((name) => !outcomes.has(`${name} done`));
    // A command that needs a long chain before it (a transfer needs a settled loan with credit
    // and another running one) gets through about four times in 40 sequences: when a draw missed
    // one, more sequences are run (up to four rounds) rather than failing on the dice.
    for (let round = 0; round === 0 || (round < 4 && missing().length > 0); round++)
      await fc.assert(
        fc.asyncProperty(AGES, fc.commands(COMMANDS, { maxCommands: 10 }), (ages, commands) =>
          runSequence(ages, commands),
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    if (process.env.MONEY_MODEL_STATS)
      console.log(
        [...outcomes]
          .sort()
          .map(([k, n]) => `${String(n).padStart(6)}  ${k}`)
          .join('\n'),
      );
    // The whole ledger once more, every run's loans together (each run checked its own after every step).
    expect(await ledgerProblems(db)).toEqual([]);
    // Every kind of command got through at least once (not only refusals).
    for (const name of MUST_GET_THROUGH) expect([...outcomes.keys()], name).toContain(`${name} done`);
  });
});
