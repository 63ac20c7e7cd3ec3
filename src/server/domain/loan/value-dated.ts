import type { Allocation } from './allocation';
import { daysBetween, type IsoDate, laterOf } from './dates';
import { postExtension } from './extension';
import type { HonouredQuote } from './honoured-quote';
import type { LoanState } from './loan-state';
import { postPayment } from './payment';
import { accruePenaltiesTo } from './penalties';
import { postPrepayment, quotePrepayment } from './prepayment';

/** A payment the provider confirmed, as the loan sees it: what, how much, and the day it was paid. */
export interface ValueDatedPayment {
  /** Breaks ties between payments of one day: the earlier-recorded one goes first. */
  id: number;
  valueDate: IsoDate;
  amount: number;
  kind: 'repayment' | 'extension';
  /** The amount quoted when the borrower asked to pay (an extension's delay amount, a payoff), honoured in its window. */
  honoured?: HonouredQuote;
  /**
   * Where the money came from: cash a provider collected (the default) or the borrower's credit
   * on another of their loans. The loan treats both alike; only the books tell them apart.
   */
  source?: 'cash' | 'credit';
}

/** One step of a rebuild: the loan just before a payment (accrued to its day) and just after. */
export interface RebuildStep {
  payment: ValueDatedPayment;
  before: LoanState;
  after: LoanState;
  allocation: Allocation;
  /** An extension payment that really moved the due date (one that fell short is posted as a repayment). */
  extended: boolean;
}

export interface Rebuild {
  state: LoanState;
  steps: RebuildStep[];
}

/**
 * Applies one payment on its value date. Money already taken is never refused, only posted
 * differently: an extension that falls short, or a payoff before prepayment opens or after
 * maturity, is an ordinary repayment. A repayment that covers the payoff quote while prepayment
 * is open settles the loan with the rebate of unearned interest, whatever the installment.
 */
export function applyValueDated(state: LoanState, payment: ValueDatedPayment): Omit<RebuildStep, 'payment' | 'before'> {
  const day = payment.valueDate;
  if (payment.kind === 'extension') {
    const ext = postExtension(state, payment.amount, day, payment.honoured);
    if (ext.ok) return { after: ext.state, allocation: ext.allocation, extended: true };
  } else {
    const quote = quotePrepayment(state, day);
    if (quote.allowed && (payment.amount >= quote.payoff || payment.honoured)) {
      const pre = postPrepayment(state, payment.amount, day, payment.honoured);
      if (pre.ok) return { after: pre.state, allocation: pre.allocation, extended: false };
    }
  }
  const posted = postPayment(state, payment.amount, day);
  return { after: posted.state, allocation: posted.allocation, extended: false };
}

export function byValueDate(a: ValueDatedPayment, b: ValueDatedPayment): number {
  return daysBetween(b.valueDate, a.valueDate) || a.id - b.id;
}

/**
 * The loan as if every payment had been posted on its value date, in value-date order, then
 * accrued through `through`. Posting is thereby independent of the order confirmations arrive
 * in: a late confirmation or a reversal rebuilds the loan from its opening state.
 */
export function rebuildLoan(opening: LoanState, payments: readonly ValueDatedPayment[], through: IsoDate): Rebuild {
  let state = opening;
  const steps: RebuildStep[] = [];
  for (const payment of [...payments].sort(byValueDate)) {
    const before = accruePenaltiesTo(state, payment.valueDate);
    // The loan goes in unaccrued: an honoured extension quote accrues it only to the quote's day.
    const step = applyValueDated(state, payment);
    steps.push({ payment, before, ...step });
    state = step.after;
  }
  const last = laterOf(state.late.through, through);
  return { state: accruePenaltiesTo(state, last), steps };
}
