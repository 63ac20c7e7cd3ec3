/**
 * Test-only: plays random loan events (see `eventsArb` in test-support.ts) against a loan, for
 * the invariant properties. Nothing outside the tests imports it.
 */
import { type Allocation, bucketTotal } from './allocation';
import { addDays, daysBetween, type IsoDate } from './dates';
import { postExtension, quoteExtension } from './extension';
import { balancesOf, type LoanState } from './loan-state';
import { BPS, mulDivHalfUp } from './money';
import { addCharge, postPayment } from './payment';
import { accrueOneDay, accruePenaltiesTo } from './penalties';
import { postPrepayment, quotePrepayment } from './prepayment';
import type { LoanEvent } from './test-support';

/** One posted payment of a replay, with the loan before (accrued to the day) and after it. */
export interface PostedPayment {
  date: IsoDate;
  payment: number;
  allocation: Allocation;
  before: LoanState;
  after: LoanState;
}

/**
 * Plays events against a loan. `daily` runs close of business for every day before each event,
 * `one-shot` lets each posting accrue penalties in one go; both must end in the same state.
 */
export function replay(start: LoanState, events: readonly LoanEvent[], accrual: 'daily' | 'one-shot') {
  let state = start;
  let date = start.disbursalDate;
  let paidIn = 0;
  const payments: PostedPayment[] = [];
  const states: LoanState[] = [start];
  for (const event of events) {
    date = addDays(date, event.gap);
    if (accrual === 'daily') while (daysBetween(state.late.through, date) > 0) state = accrueOneDay(state);
    const before = accruePenaltiesTo(state, date);
    let posted: { state: LoanState; allocation: Allocation; payment: number } | null = null;
    if (event.kind === 'pay') {
      const payment = mulDivHalfUp(bucketTotal(balancesOf(before)) + 100, event.share, BPS);
      posted = { ...postPayment(state, payment, date), payment };
    } else if (event.kind === 'extend') {
      const quote = quoteExtension(state, date);
      const payment = quote.allowed ? quote.delayAmount + event.extra : 0;
      const result = postExtension(state, payment, date);
      if (result.ok) posted = { state: result.state, allocation: result.allocation, payment };
    } else if (event.kind === 'prepay') {
      const quote = quotePrepayment(state, date);
      const payment = quote.allowed ? quote.payoff + event.extra : 0;
      const result = postPrepayment(state, payment, date);
      if (result.ok) posted = { state: result.state, allocation: result.allocation, payment };
    } else {
      const result = addCharge(state, event.charge, event.amount, date);
      if (result.ok) state = result.state;
    }
    if (posted) {
      payments.push({ date, payment: posted.payment, allocation: posted.allocation, before, after: posted.state });
      paidIn += posted.payment;
      state = posted.state;
    }
    states.push(state);
  }
  return { state, date, paidIn, payments, states };
}
