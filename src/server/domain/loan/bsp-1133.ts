import type { IsoDate } from './dates';
import { presentValue } from './irr';
import { BPS, type Centavos, mulDivHalfUp, sumCentavos } from './money';
import type { PenaltyTier } from './product';
import { buildInstallments } from './schedule';

/**
 * BSP Circular 1133 (2021) ceilings for small, short consumer loans. Inside its scope these
 * win over any larger configured figure (DESIGN §7).
 */
export const BSP_1133 = {
  /** In scope: principal of ₱10,000 or less ... */
  maxPrincipal: 1_000_000,
  /** ... and a term of four months (120 days) or less. */
  maxTermDays: 120,
  /** Nominal interest 6% a month = 0.2% a day. */
  nominalDailyBps: 20,
  /** Effective interest rate, interest and fees together, 15% a month. */
  effectiveMonthlyRate: 0.15,
  /** Late penalties, default charge and penalty interest together, 5% a month of the amount due. */
  lateMonthlyBps: 500,
  /** Interest, fees, penalties and other charges over the loan's life: 100% of the principal. */
  totalCostShareBps: 10_000,
} as const;

export type Bsp1133Ceiling = 'nominal-interest' | 'effective-rate' | 'late-penalty' | 'total-cost';

export function isBsp1133Covered(principal: Centavos, termDays: number): boolean {
  return principal <= BSP_1133.maxPrincipal && termDays <= BSP_1133.maxTermDays;
}

/** The priced figures of a loan before it is disbursed. */
export interface CostFigures {
  principal: Centavos;
  termDays: number;
  periods: number;
  dailyInterestBps: number;
  serviceFee: Centavos;
  penaltyTiers: readonly PenaltyTier[];
}

export interface CappedFigures extends CostFigures {
  covered: boolean;
  /** The ceilings that lowered a figure, in the order they were applied. */
  applied: Bsp1133Ceiling[];
}

/**
 * Caps each priced figure at its ceiling and reports which ceilings bit. Order: nominal
 * interest, penalty rates, then the effective rate (service fee lowered first, interest only if
 * the fee alone cannot bring it down), then the total cost at disbursal (same order). The late
 * penalty and total cost ceilings keep applying after disbursal: see `bspLateRoomForDay` and
 * `bspCostRoom`, used by penalties, extensions and charges.
 */
export function capToBsp1133(figures: CostFigures): CappedFigures {
  if (!isBsp1133Covered(figures.principal, figures.termDays)) return { ...figures, covered: false, applied: [] };
  const applied: Bsp1133Ceiling[] = [];
  let { dailyInterestBps, serviceFee } = figures;
  if (dailyInterestBps > BSP_1133.nominalDailyBps) {
    dailyInterestBps = BSP_1133.nominalDailyBps;
    applied.push('nominal-interest');
  }
  const penaltyTiers = figures.penaltyTiers.map((t) => ({ ...t, monthlyBps: Math.min(t.monthlyBps, BSP_1133.lateMonthlyBps) }));
  if (penaltyTiers.some((t, i) => t.monthlyBps !== figures.penaltyTiers[i]?.monthlyBps)) applied.push('late-penalty');

  // EIR ≤ 15% a month ⇔ the installments discounted at 15% a month are worth no more than the
  // proceeds, so the largest fee allowed is principal − that present value (rounded down).
  const feeRoom = (bps: number) => Math.floor(figures.principal - presentValueAtCeiling(figures, bps));
  if (serviceFee > feeRoom(dailyInterestBps)) {
    dailyInterestBps = highestRateWhere(dailyInterestBps, (bps) => feeRoom(bps) >= 0);
    serviceFee = Math.max(0, Math.min(serviceFee, feeRoom(dailyInterestBps)));
    applied.push('effective-rate');
  }
  const costRoom = (bps: number) => figures.principal - interestOf(figures, bps);
  if (serviceFee > costRoom(dailyInterestBps)) {
    dailyInterestBps = highestRateWhere(dailyInterestBps, (bps) => costRoom(bps) >= 0);
    serviceFee = Math.max(0, Math.min(serviceFee, costRoom(dailyInterestBps)));
    applied.push('total-cost');
  }
  return { ...figures, dailyInterestBps, serviceFee, penaltyTiers, covered: true, applied };
}

/** The highest daily rate at or below `from` that passes; 0 when none does. */
function highestRateWhere(from: number, passes: (bps: number) => boolean): number {
  let bps = from;
  while (bps > 0 && !passes(bps)) bps--;
  return bps;
}

// The schedule's dates do not affect amounts or day offsets, so any fixed date will do.
const ANY_DATE: IsoDate = '2000-01-01';

function installmentsOf(f: CostFigures, dailyInterestBps: number) {
  const periodDays = f.termDays / f.periods;
  const rows = buildInstallments({ ...f, amount: f.principal, periodDays, dailyInterestBps, disbursalDate: ANY_DATE });
  return rows.map((row) => ({ day: row.period * periodDays, amount: row.principal + row.interest, interest: row.interest }));
}

function presentValueAtCeiling(f: CostFigures, dailyInterestBps: number): number {
  return presentValue(installmentsOf(f, dailyInterestBps), BSP_1133.effectiveMonthlyRate);
}

function interestOf(f: CostFigures, dailyInterestBps: number): Centavos {
  return sumCentavos(installmentsOf(f, dailyInterestBps).map((row) => row.interest));
}

/** One overdue day's share of the late-penalty ceiling: 5% a month ÷ 30 of the amount due. */
export function bspLateRoomForDay(amountDue: Centavos): Centavos {
  return mulDivHalfUp(amountDue, BSP_1133.lateMonthlyBps, 30 * BPS);
}

/** What may still be charged before the loan's total cost reaches the principal. */
export function bspCostRoom(principal: Centavos, totalCostSoFar: Centavos): Centavos {
  return Math.max(0, mulDivHalfUp(principal, BSP_1133.totalCostShareBps, BPS) - totalCostSoFar);
}
