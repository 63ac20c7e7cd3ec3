import { addDays, daysBetween, type IsoDate } from './dates';
import { type CashFlow, monthlyIrr } from './irr';
import { balancesOf, firstUnpaidIndex, type LoanState, scheduledInterest } from './loan-state';
import type { Centavos } from './money';
import { interestAccruedTo, maturityOf } from './prepayment';
import { isSettled } from './settlement';

/**
 * Income recognition: which part of what a loan billed counts as earned on a business date.
 *
 * - Interest is earned day by day over each installment's period (`interestAccruedTo`), never
 *   more than was billed (a prepayment rebate lowers what was billed).
 * - The service fee withheld at disbursal is earned over the contract by the effective-interest
 *   method: the contract's cash flows give one rate; the income that rate earns on the net
 *   proceeds, less the contractual interest earned by then, is the fee earned by then.
 * - Extension fees and late penalties are earned when billed.
 * - A loan 90 or more days past due stops accruing (non-accrual): income billed and unpaid is held
 *   in suspense, and from then on only what the borrower pays is earned (cash basis); the fee's
 *   amortisation stays where it was the day before.
 * - A settled loan has earned everything it billed, the whole fee included.
 */
export interface EarnedIncome {
  interest: Centavos;
  /** The service fee's amortised part plus extension fees. */
  fees: Centavos;
  penalties: Centavos;
}

export const NON_ACCRUAL_DAYS = 90;

const DAYS_PER_MONTH = 30;

/** Days the oldest unpaid installment is past its due date on `asOf`; 0 when nothing is late. */
export function daysPastDue(state: LoanState, asOf: IsoDate): number {
  const index = firstUnpaidIndex(state);
  const due = index < 0 ? undefined : state.installments[index]?.dueDate;
  return due ? Math.max(0, daysBetween(due, asOf)) : 0;
}

/** The first day of non-accrual for the loan as it stands: 90 days past its oldest unpaid due date. */
export function nonAccrualFrom(state: LoanState): IsoDate | null {
  const index = firstUnpaidIndex(state);
  const due = index < 0 ? undefined : state.installments[index]?.dueDate;
  return due ? addDays(due, NON_ACCRUAL_DAYS) : null;
}

/**
 * The service fee earned by `asOf` under the effective-interest method, from the loan as it was
 * opened (the contract's schedule; later extensions do not move it). All of it by maturity.
 */
export function serviceFeeEarned(opening: LoanState, netProceeds: Centavos, asOf: IsoDate): Centavos {
  const fee = opening.amount - netProceeds;
  if (fee <= 0) return 0;
  const t = daysBetween(opening.disbursalDate, asOf);
  if (t <= 0) return 0;
  if (daysBetween(maturityOf(opening), asOf) >= 0) return fee;
  const flows: CashFlow[] = [
    { day: 0, amount: -netProceeds },
    ...opening.installments.map((row) => ({
      day: daysBetween(opening.disbursalDate, row.dueDate),
      amount: row.principal + row.interest,
    })),
  ];
  const rate = monthlyIrr(flows);
  const grow = (days: number) => (1 + rate) ** (days / DAYS_PER_MONTH);
  // Carrying amount on day t: the net proceeds grown at the rate, less each payment due by then grown from its day.
  let carrying = netProceeds * grow(t);
  let received = 0;
  for (const flow of flows.slice(1)) {
    if (flow.day > t) break;
    carrying -= flow.amount * grow(t - flow.day);
    received += flow.amount;
  }
  const income = carrying - netProceeds + received;
  const earned = Math.round(income - interestAccruedTo(opening, asOf));
  return Math.min(fee, Math.max(0, earned));
}

/**
 * A written-off loan: its carrying amount (receivables less unearned income) went to expense on
 * `on`. Income stops at what was earned by then; what the borrower pays afterwards is a recovery.
 */
export interface WriteOff {
  on: IsoDate;
  /** Centavos written off. */
  amount: Centavos;
  earned: EarnedIncome;
  /** What the borrower had paid into the loan's balances by the write-off (`collectedOf`). */
  collectedBefore: Centavos;
}

/** Everything the borrower's payments have covered of the loan's balances (credit kept aside excluded). */
export function collectedOf(state: LoanState): Centavos {
  const { charged } = state;
  const billed =
    state.amount +
    scheduledInterest(state) +
    state.late.charged +
    charged.fees +
    charged.legalCharges +
    charged.enforcementCosts;
  const b = balancesOf(state);
  return billed - (b.principal + b.interest + b.fees + b.penalties + b.legalCharges + b.enforcementCosts);
}

export interface RecognitionInput {
  opening: LoanState;
  netProceeds: Centavos;
  state: LoanState;
  /** The last business date closed; null when none has been (nothing is earned yet but a settlement). */
  asOf: IsoDate | null;
  writeOff?: WriteOff | null | undefined;
}

/** What the loan has earned by the end of `asOf`, by income kind. Pure: the books follow it. */
export function earnedIncome(input: RecognitionInput): EarnedIncome {
  if (input.writeOff) return { ...input.writeOff.earned };
  const { opening, netProceeds, state } = input;
  const fee = opening.amount - netProceeds;
  const billed = {
    interest: scheduledInterest(state),
    fees: state.charged.fees,
    penalties: state.late.charged,
  };
  if (isSettled(state)) return { interest: billed.interest, fees: fee + billed.fees, penalties: billed.penalties };
  const asOf = input.asOf;
  if (!asOf || daysBetween(state.disbursalDate, asOf) < 0) return { interest: 0, fees: 0, penalties: 0 };
  const accrued = Math.min(interestAccruedTo(state, asOf), billed.interest);
  const suspendedFrom = nonAccrualFrom(state);
  if (suspendedFrom && daysBetween(suspendedFrom, asOf) >= 0) {
    return {
      interest: Math.min(state.paid.interest, accrued),
      fees: serviceFeeEarned(opening, netProceeds, addDays(suspendedFrom, -1)) + (billed.fees - state.owed.fees),
      penalties: billed.penalties - state.owed.penalties,
    };
  }
  return {
    interest: accrued,
    fees: serviceFeeEarned(opening, netProceeds, asOf) + billed.fees,
    penalties: billed.penalties,
  };
}
