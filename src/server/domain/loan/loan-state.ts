import type { Buckets } from './allocation';
import { type CeilingRegime, costRoomOf, regimeOfTerms } from './ceilings';
import { addDays, daysBetween, type IsoDate } from './dates';
import type { LenderLimits } from './limits';
import { BPS, type Centavos, sumCentavos } from './money';
import type { LoanQuote, LoanTerms } from './quote';
import type { ScheduledInstallment } from './schedule';

export type BorrowerKind = 'new' | 'repeat';

export interface Installment extends ScheduledInstallment {
  /** Interest on this installment accrues from here to `dueDate` (prepayment pays only what accrued). */
  startDate: IsoDate;
  /** Interest counted as earned before `startDate`: set when an extension collects it early. */
  interestEarnedAtStart: Centavos;
}

/** Late penalties so far. Cumulative figures let a ceiling hold back a charge and release it later. */
export interface LateState {
  /** Last day penalties were accrued for (the disbursal date before any). */
  through: IsoDate;
  defaultCharged: boolean;
  /** Default charge plus penalty interest as the tiers price them, before any ceiling. */
  uncapped: Centavos;
  /**
   * Loans under a regime: the amount due summed over the overdue days so far (centavo-days), kept
   * unrounded so the late ceiling is rounded once, down. Missing on loans stored before it: read
   * it with `lateDueDaysOf`.
   */
  dueDays?: number;
  /** Loans under a regime: the late-penalty ceiling earned so far, `lateRoomOf(regime, dueDays)`. */
  room: Centavos;
  /** The default charge as booked (after the lender's share limit); missing on older loans. */
  defaultCharge?: Centavos;
  /** What was actually charged: never above `uncapped`, and under a regime never above `room`. */
  charged: Centavos;
}

/** A disbursed loan. Plain data, so the server can store it as it is and rebuild it. */
export interface LoanState {
  amount: Centavos;
  disbursalDate: IsoDate;
  borrower: BorrowerKind;
  terms: LoanTerms;
  installments: Installment[];
  /** Payments applied to principal and interest, loan-wide: installments are covered in order. */
  paid: { principal: Centavos; interest: Centavos };
  /** Unpaid loan-level charges. */
  owed: { legalCharges: Centavos; enforcementCosts: Centavos; penalties: Centavos; fees: Centavos };
  /** Charges over the loan's life, for the BSP total-cost ceiling (interest is in `installments`). */
  charged: { serviceFee: Centavos; fees: Centavos; legalCharges: Centavos; enforcementCosts: Centavos };
  late: LateState;
  /** Overpayments kept for the borrower. */
  credit: Centavos;
  /** Extensions (rollovers) posted so far; missing on loans stored before it was counted. */
  extensions?: number;
}

export function openLoan(quote: LoanQuote, borrower: BorrowerKind): LoanState {
  return {
    amount: quote.amount,
    disbursalDate: quote.disbursalDate,
    borrower,
    terms: quote.terms,
    installments: quote.installments.map((row, i) => ({
      ...row,
      startDate: quote.installments[i - 1]?.dueDate ?? quote.disbursalDate,
      interestEarnedAtStart: 0,
    })),
    paid: { principal: 0, interest: 0 },
    owed: { legalCharges: 0, enforcementCosts: 0, penalties: 0, fees: 0 },
    charged: { serviceFee: quote.terms.serviceFee, fees: 0, legalCharges: 0, enforcementCosts: 0 },
    late: { through: quote.disbursalDate, defaultCharged: false, uncapped: 0, dueDays: 0, room: 0, charged: 0 },
    credit: 0,
    extensions: 0,
  };
}

export function scheduledInterest(state: LoanState): Centavos {
  return sumCentavos(state.installments.map((row) => row.interest));
}

export function balancesOf(state: LoanState): Buckets {
  return {
    ...state.owed,
    interest: scheduledInterest(state) - state.paid.interest,
    principal: state.amount - state.paid.principal,
  };
}

/** Index of the first installment not fully covered by what was paid; -1 when all are. */
export function firstUnpaidIndex(state: LoanState): number {
  const paid = state.paid.principal + state.paid.interest;
  let cumulative = 0;
  return state.installments.findIndex((row) => {
    cumulative += row.principal + row.interest;
    return cumulative > paid;
  });
}

/** Unpaid principal and interest of the installments due before `day`: what is late on `day`. */
export function amountPastDue(state: LoanState, day: IsoDate): Centavos {
  let due = 0;
  for (const row of state.installments) if (daysBetween(row.dueDate, day) > 0) due += row.principal + row.interest;
  return Math.max(0, due - state.paid.principal - state.paid.interest);
}

/** Interest, fees, late penalties and other charges over the loan's life. */
export function totalCost(state: LoanState): Centavos {
  const { serviceFee, fees, legalCharges, enforcementCosts } = state.charged;
  return scheduledInterest(state) + serviceFee + fees + legalCharges + enforcementCosts + state.late.charged;
}

/**
 * Allocation phase. "Maturity" is the contract's first due date: from the day after it something
 * can be late, so the after-maturity order (late buckets first) applies from then on. For a
 * one-period loan this is the maturity date itself.
 */
export function isAfterMaturity(state: LoanState, asOf: IsoDate): boolean {
  return daysBetween(addDays(state.disbursalDate, state.terms.periodDays), asOf) > 0;
}

export function defaultChargeOf(state: LoanState): Centavos {
  return state.borrower === 'new' ? state.terms.defaultChargeNew : state.terms.defaultChargeRepeat;
}

/** The regime the loan is under (legacy `bsp1133: true` reads as BSP 1133); null outside every regime. */
export function regimeOf(state: LoanState): Readonly<CeilingRegime> | null {
  return regimeOfTerms(state.terms);
}

/** The lender limits frozen into a loan outside every regime; null under a regime and on loans stored before limits. */
export function limitsOf(state: LoanState): LenderLimits | null {
  return regimeOf(state) ? null : (state.terms.limits ?? null);
}

/** Extensions posted so far (0 on loans stored before they were counted). */
export function extensionsOf(state: LoanState): number {
  return state.extensions ?? 0;
}

/**
 * The late state's centavo-days of amount due. A loan stored before they were kept has only its
 * room in centavos; at 5% a month that is room × 600 centavo-days, which carries it on unchanged.
 */
export function lateDueDaysOf(late: LateState, regime: Pick<CeilingRegime, 'lateMonthlyBps'> | null): number {
  if (late.dueDays !== undefined) return late.dueDays;
  return regime && regime.lateMonthlyBps > 0 ? Math.floor((late.room * 30 * BPS) / regime.lateMonthlyBps) : 0;
}

/** What may still be charged before the total cost ceiling (regime or lender limit); null when there is none. */
export function costRoom(state: LoanState): Centavos | null {
  const share = regimeOf(state)?.totalCostShareBps ?? limitsOf(state)?.maxTotalCostBps;
  return share === undefined ? null : costRoomOf(state.amount, share, totalCost(state));
}
