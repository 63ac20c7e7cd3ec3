import { type Allocation, allocatePayment, bucketTotal } from './allocation';
import { addDays, daysBetween, type IsoDate } from './dates';
import { balancesOf, type Installment, isAfterMaturity, type LoanState, scheduledInterest } from './loan-state';
import { assertCentavos, BPS, type Centavos, mulDivHalfUp, sumCentavos } from './money';
import { applyAllocation } from './payment';
import { accruePenaltiesTo } from './penalties';
import { type HonouredQuote, isHonouredOn } from './honoured-quote';
import { isSettled } from './settlement';

/**
 * The day early payoff (with the rebate of unearned interest) opens: the disbursal day itself,
 * unless the product sets a lock-in of days or of a share of the term (the later of the two; a
 * share of an odd term rounds up).
 */
export function prepaymentOpensOn(state: LoanState): IsoDate {
  const { termDays, prepayment } = state.terms;
  const share = Math.floor((termDays * prepayment.minTermShareBps + BPS - 1) / BPS);
  return addDays(state.disbursalDate, Math.max(prepayment.minDaysAfterDisbursal, share));
}

/**
 * The loan's maturity: the due date of its last installment. Prepayment (with its rebate of
 * unearned interest) is open until then, whatever earlier due dates have passed; after it all
 * scheduled interest is earned and paying everything is an ordinary repayment.
 */
export function maturityOf(state: LoanState): IsoDate {
  return state.installments.at(-1)?.dueDate ?? state.disbursalDate;
}

/** An installment's interest earned by `asOf`, straight-line by day over its own period. */
function accruedOn(row: Installment, asOf: IsoDate): Centavos {
  const length = daysBetween(row.startDate, row.dueDate);
  const elapsed = Math.min(length, Math.max(0, daysBetween(row.startDate, asOf)));
  return row.interestEarnedAtStart + mulDivHalfUp(row.interest - row.interestEarnedAtStart, elapsed, length);
}

/** Interest earned from disbursal to `asOf` (daily), as opposed to the full schedule. */
export function interestAccruedTo(state: LoanState, asOf: IsoDate): Centavos {
  return sumCentavos(state.installments.map((row) => accruedOn(row, asOf)));
}

/** True when the loan's product set a lock-in: early payoff does not open on the disbursal day. */
export function hasLockIn(state: LoanState): boolean {
  return daysBetween(state.disbursalDate, prepaymentOpensOn(state)) > 0;
}

/**
 * What paying in full costs during a lock-in: everything owed, the whole scheduled interest
 * included (an ordinary payment), and how much of that is interest not yet earned, which paying
 * on `opensOn` or later would not charge.
 */
export interface LockInCost {
  opensOn: IsoDate;
  payAll: Centavos;
  unearnedInterest: Centavos;
}

export type PrepaymentRefusal = 'too-early' | 'settled' | 'after-maturity';
export type PrepaymentQuote =
  | { allowed: false; reason: 'too-early'; opensOn: IsoDate; lockIn: LockInCost }
  | { allowed: false; reason: 'settled' | 'after-maturity'; opensOn: IsoDate }
  | {
      allowed: true;
      opensOn: IsoDate;
      /** Everything that settles the loan today. */
      payoff: Centavos;
      principal: Centavos;
      /** Interest earned and not yet paid. */
      interest: Centavos;
      /** Interest paid ahead of being earned; it counts against the principal. */
      unearnedInterestPaid: Centavos;
      fees: Centavos;
      penalties: Centavos;
      otherCharges: Centavos;
      /** Scheduled interest the borrower no longer owes. */
      rebate: Centavos;
    };

export function quotePrepayment(state: LoanState, asOf: IsoDate): PrepaymentQuote {
  const s = accruePenaltiesTo(state, asOf);
  const opensOn = prepaymentOpensOn(s);
  if (isSettled(s)) return { allowed: false, reason: 'settled', opensOn };
  if (daysBetween(opensOn, asOf) < 0) {
    // Paying everything now costs exactly the rebate an open payoff would give: interest not yet earned.
    const unearnedInterest = scheduledInterest(s) - interestAccruedTo(s, asOf);
    return {
      allowed: false,
      reason: 'too-early',
      opensOn,
      lockIn: { opensOn, payAll: bucketTotal(balancesOf(s)), unearnedInterest },
    };
  }
  if (daysBetween(maturityOf(s), asOf) > 0) return { allowed: false, reason: 'after-maturity', opensOn };
  const accrued = interestAccruedTo(s, asOf);
  const principal = s.amount - s.paid.principal;
  const interest = Math.max(0, accrued - s.paid.interest);
  const unearnedInterestPaid = Math.max(0, s.paid.interest - accrued);
  const { fees, penalties, legalCharges, enforcementCosts } = s.owed;
  const otherCharges = legalCharges + enforcementCosts;
  return {
    allowed: true,
    opensOn,
    payoff: Math.max(0, principal - unearnedInterestPaid) + interest + fees + penalties + otherCharges,
    principal,
    interest,
    unearnedInterestPaid,
    fees,
    penalties,
    otherCharges,
    rebate: scheduledInterest(s) - accrued,
  };
}

export type PrepaymentResult =
  | { ok: true; state: LoanState; allocation: Allocation; rebate: Centavos }
  | { ok: false; reason: PrepaymentRefusal | 'insufficient-payment'; payoff?: Centavos };

/**
 * Settles the loan early: unearned interest is taken off the schedule, interest already paid
 * beyond what was earned is moved to principal (any surplus becomes credit), then the payment
 * clears every bucket and the rest is credit. A payment short of the payoff is refused, so the
 * caller can post it as an ordinary payment instead, unless `honoured` covers it: within its
 * window the loan is settled as it stood on the quote's day, the interest and late days after
 * it waived.
 */
export function postPrepayment(
  state: LoanState,
  payment: Centavos,
  asOf: IsoDate,
  honoured?: HonouredQuote,
): PrepaymentResult {
  assertCentavos(payment, 'payment');
  const quote = quotePrepayment(state, asOf);
  if (!quote.allowed) return { ok: false, reason: quote.reason };
  if (payment >= quote.payoff) return settle(state, payment, asOf, quote);
  if (isHonouredOn(honoured, asOf) && daysBetween(state.late.through, honoured.quotedOn) >= 0) {
    const quoted = quotePrepayment(state, honoured.quotedOn);
    if (quoted.allowed && quoted.payoff <= honoured.amount && payment >= quoted.payoff)
      return settle(state, payment, honoured.quotedOn, quoted);
  }
  return { ok: false, reason: 'insufficient-payment', payoff: quote.payoff };
}

function settle(
  state: LoanState,
  payment: Centavos,
  asOf: IsoDate,
  quote: Extract<PrepaymentQuote, { allowed: true }>,
): PrepaymentResult {
  const s = accruePenaltiesTo(state, asOf);
  const toPrincipal = Math.min(quote.unearnedInterestPaid, quote.principal);
  const rebased: LoanState = {
    ...s,
    installments: s.installments.map((row) => ({ ...row, interest: accruedOn(row, asOf) })),
    paid: {
      principal: s.paid.principal + toPrincipal,
      interest: s.paid.interest - quote.unearnedInterestPaid,
    },
    credit: s.credit + quote.unearnedInterestPaid - toPrincipal,
  };
  const phase = isAfterMaturity(rebased, asOf) ? 'after-maturity' : 'before-maturity';
  const allocation = allocatePayment(balancesOf(rebased), payment, phase);
  return { ok: true, state: applyAllocation(rebased, allocation), allocation, rebate: quote.rebate };
}
