import { addCalendarMonths, addDays, daysBetween, type IsoDate } from './dates';
import { presentValue } from './irr';
import type { LenderLimits } from './limits';
import { BPS, type Centavos, mulDivDown, sumCentavos } from './money';
import type { PenaltyTier } from './product';
import { buildInstallments } from './schedule';

/**
 * Ceilings on small, short consumer loans, as a table of dated regimes. A loan falls under the
 * regime in force on the day it is entered into, restructured or renewed (an extension is a
 * renewal). Inside its scope a regime wins over any larger configured figure.
 */
export type RegimeId = 'bsp-1133' | 'sec-mc-14-2025';

export interface CeilingRegime {
  id: RegimeId;
  source: string;
  /** First and last day (inclusive, Manila dates) a loan entered into then falls under it; null: open. */
  from: IsoDate | null;
  until: IsoDate | null;
  /** In scope: principal of ₱10,000 or less ... */
  maxPrincipal: Centavos;
  /** ... with a maturity at most four calendar months after the loan is entered into. */
  maxTermMonths: number;
  /** Nominal interest 6% a month = 0.2% a day. */
  nominalDailyBps: number;
  /** Effective interest rate, interest and fees together, per 30-day month. */
  effectiveMonthlyBps: number;
  /** Late penalties, default charge and penalty interest together, per month of the amount due. */
  lateMonthlyBps: number;
  /** Interest, fees, penalties and other charges over the loan's life, of the principal. */
  totalCostShareBps: number;
}

const SMALL_LOAN = {
  maxPrincipal: 1_000_000,
  maxTermMonths: 4,
  nominalDailyBps: 20,
  lateMonthlyBps: 500,
  totalCostShareBps: 10_000,
} as const;

/** BSP Circular No. 1133 (2021): 15% a month effective, for loans entered into until 2026-03-31. */
export const BSP_1133: Readonly<CeilingRegime> = Object.freeze({
  id: 'bsp-1133',
  source: 'BSP Circular No. 1133, s.2021',
  from: null,
  until: '2026-03-31',
  effectiveMonthlyBps: 1_500,
  ...SMALL_LOAN,
});

/**
 * SEC Memorandum Circular No. 14, s.2025 (issued 2025-12-10 under RA 11765 §6(a)): 12% per 30
 * days effective, the other figures unchanged, for loans entered into, restructured or renewed
 * from 2026-04-01.
 */
export const SEC_MC_14_2025: Readonly<CeilingRegime> = Object.freeze({
  id: 'sec-mc-14-2025',
  source: 'SEC Memorandum Circular No. 14, s.2025',
  from: '2026-04-01',
  until: null,
  effectiveMonthlyBps: 1_200,
  ...SMALL_LOAN,
});

export const REGIMES: readonly Readonly<CeilingRegime>[] = [BSP_1133, SEC_MC_14_2025];

export type Ceiling = 'nominal-interest' | 'service-fee' | 'effective-rate' | 'late-penalty' | 'total-cost';

/** The regime in force on `date`. */
export function regimeOn(date: IsoDate): Readonly<CeilingRegime> {
  const regime = REGIMES.find(
    (r) => (r.from === null || daysBetween(r.from, date) >= 0) && (r.until === null || daysBetween(date, r.until) >= 0),
  );
  if (!regime) throw new RangeError(`no ceiling regime in force on ${date}`);
  return regime;
}

export function regimeById(id: RegimeId): Readonly<CeilingRegime> {
  const regime = REGIMES.find((r) => r.id === id);
  if (!regime) throw new RangeError(`unknown ceiling regime: ${id}`);
  return regime;
}

/**
 * The regime a loan entered into on `enteredOn` falls under, or null when it is out of scope:
 * more than ₱10,000, or maturing later than four calendar months after `enteredOn` (120 to 123
 * days, depending on the months).
 */
export function coveringRegime(
  principal: Centavos,
  enteredOn: IsoDate,
  termDays: number,
): Readonly<CeilingRegime> | null {
  const regime = regimeOn(enteredOn);
  if (principal > regime.maxPrincipal) return null;
  const maturity = addDays(enteredOn, termDays);
  return daysBetween(maturity, addCalendarMonths(enteredOn, regime.maxTermMonths)) >= 0 ? regime : null;
}

/** A loan's frozen ceiling fields; loans stored before regimes existed carry only `bsp1133`. */
export interface CeilingTerms {
  ceiling?: RegimeId | null;
  /** Legacy: terms written before the regime table say only whether BSP Circular 1133 covered them. */
  bsp1133?: boolean;
}

/** The regime a loan was written under; a stored loan with `bsp1133: true` and no regime reads as BSP 1133. */
export function regimeOfTerms(terms: CeilingTerms): Readonly<CeilingRegime> | null {
  if (terms.ceiling !== undefined) return terms.ceiling === null ? null : regimeById(terms.ceiling);
  return terms.bsp1133 === true ? BSP_1133 : null;
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
  /** The regime that covers the loan, or null when the lender limits apply instead. */
  regime: RegimeId | null;
  /** The ceilings that lowered a figure, in the order they were applied. */
  applied: Ceiling[];
}

/**
 * Caps each priced figure at its ceiling and reports which ceilings bit. Under a regime: nominal
 * interest, penalty rates, then the effective rate (service fee lowered first, interest only if
 * the fee alone cannot bring it down), then the total cost at disbursal (same order). Outside one:
 * the lender limits' nominal rate, fee and total cost, in the same way. The late penalty and
 * total cost ceilings keep applying after disbursal: see `lateRoomOf` and `costRoomOf`.
 */
export function capToCeilings(figures: CostFigures, disbursalDate: IsoDate, limits: LenderLimits): CappedFigures {
  const regime = coveringRegime(figures.principal, disbursalDate, figures.termDays);
  const rounding = regime ? 'down' : 'half-up';
  const applied: Ceiling[] = [];
  let { dailyInterestBps, serviceFee } = figures;
  const maxDaily = regime ? regime.nominalDailyBps : limits.maxDailyInterestBps;
  if (dailyInterestBps > maxDaily) {
    dailyInterestBps = maxDaily;
    applied.push('nominal-interest');
  }
  let penaltyTiers = figures.penaltyTiers;
  if (regime) {
    const late = regime.lateMonthlyBps;
    penaltyTiers = figures.penaltyTiers.map((t) => ({ ...t, monthlyBps: Math.min(t.monthlyBps, late) }));
    if (penaltyTiers.some((t, i) => t.monthlyBps !== figures.penaltyTiers[i]?.monthlyBps)) applied.push('late-penalty');
    // EIR ≤ the ceiling ⇔ the installments discounted at the ceiling are worth no more than the
    // proceeds, so the largest fee allowed is principal − that present value, rounded down.
    const rate = regime.effectiveMonthlyBps / BPS;
    const feeRoom = (bps: number) =>
      Math.floor(figures.principal - presentValue(installmentsOf(figures, bps, rounding), rate));
    if (serviceFee > feeRoom(dailyInterestBps)) {
      dailyInterestBps = highestRateWhere(dailyInterestBps, (bps) => feeRoom(bps) >= 0);
      serviceFee = Math.max(0, Math.min(serviceFee, feeRoom(dailyInterestBps)));
      applied.push('effective-rate');
    }
  } else {
    const maxFee = mulDivDown(figures.principal, limits.maxServiceFeeBps, BPS);
    if (serviceFee > maxFee) {
      serviceFee = maxFee;
      applied.push('service-fee');
    }
  }
  const costCeiling = mulDivDown(figures.principal, regime ? regime.totalCostShareBps : limits.maxTotalCostBps, BPS);
  const costRoom = (bps: number) => costCeiling - interestOf(figures, bps, rounding);
  if (serviceFee > costRoom(dailyInterestBps)) {
    dailyInterestBps = highestRateWhere(dailyInterestBps, (bps) => costRoom(bps) >= 0);
    serviceFee = Math.max(0, Math.min(serviceFee, costRoom(dailyInterestBps)));
    applied.push('total-cost');
  }
  return { ...figures, dailyInterestBps, serviceFee, penaltyTiers, regime: regime?.id ?? null, applied };
}

/** The highest daily rate at or below `from` that passes; 0 when none does. */
function highestRateWhere(from: number, passes: (bps: number) => boolean): number {
  let bps = from;
  while (bps > 0 && !passes(bps)) bps--;
  return bps;
}

// The schedule's dates do not affect amounts or day offsets, so any fixed date will do.
const ANY_DATE: IsoDate = '2000-01-01';

/** How the schedule rounds interest: down under a regime, so it never goes above the nominal ceiling. */
export type InterestRounding = 'half-up' | 'down';

function installmentsOf(f: CostFigures, dailyInterestBps: number, rounding: InterestRounding) {
  const periodDays = f.termDays / f.periods;
  const rows = buildInstallments({
    ...f,
    amount: f.principal,
    periodDays,
    dailyInterestBps,
    disbursalDate: ANY_DATE,
    rounding,
  });
  return rows.map((row) => ({
    day: row.period * periodDays,
    amount: row.principal + row.interest,
    interest: row.interest,
  }));
}

function interestOf(f: CostFigures, dailyInterestBps: number, rounding: InterestRounding): Centavos {
  return sumCentavos(installmentsOf(f, dailyInterestBps, rounding).map((row) => row.interest));
}

/**
 * The late-penalty ceiling earned so far: `lateMonthlyBps` ÷ 30 a day of each overdue day's
 * amount due. `dueDays` is the sum over overdue days of the amount due (centavo-days); the room is
 * taken from it unrounded and rounded down once, so rounding never goes above 5% a month.
 */
export function lateRoomOf(regime: Pick<CeilingRegime, 'lateMonthlyBps'>, dueDays: number): Centavos {
  return mulDivDown(dueDays, regime.lateMonthlyBps, 30 * BPS);
}

/** What may still be charged before the total cost reaches `shareBps` of the principal (rounded down). */
export function costRoomOf(principal: Centavos, shareBps: number, totalCostSoFar: Centavos): Centavos {
  return Math.max(0, mulDivDown(principal, shareBps, BPS) - totalCostSoFar);
}
