import { type Ceiling, lateRoomOf } from './ceilings';
import { addDays, daysBetween, type IsoDate } from './dates';
import {
  amountPastDue,
  costRoom,
  defaultChargeOf,
  firstUnpaidIndex,
  lateDueDaysOf,
  type LoanState,
  limitsOf,
  regimeOf,
} from './loan-state';
import { BPS, type Centavos, mulDivDown, mulDivHalfUp } from './money';
import type { PenaltyTier } from './product';

/** The monthly rate of the tier an overdue day falls in. */
export function tierBpsFor(tiers: readonly PenaltyTier[], overdueDay: number): number {
  let bps = 0;
  for (const tier of tiers) if (tier.fromDay <= overdueDay) bps = tier.monthlyBps;
  return bps;
}

/** One day of penalty interest: the monthly rate ÷ 30 of the amount due, half-up. */
export function dailyPenaltyInterest(amountDue: Centavos, monthlyBps: number): Centavos {
  return mulDivHalfUp(amountDue, monthlyBps, 30 * BPS);
}

interface Accrual {
  uncapped: Centavos;
  /** Centavo-days of amount due (the late ceiling's base), for loans under a regime. */
  dueDays: number;
  defaultCharged: boolean;
  defaultCharge?: Centavos;
}

/**
 * The default charge booked on the first overdue day. Outside every regime it is held to the
 * lender's share of the amount due that day (rounded down); under a regime the late ceiling holds it.
 */
function defaultChargeOn(state: LoanState, amountDue: Centavos): Centavos {
  const limits = limitsOf(state);
  const charge = defaultChargeOf(state);
  return limits ? Math.min(charge, mulDivDown(amountDue, limits.maxDefaultChargeShareBps, BPS)) : charge;
}

/**
 * Books accrued penalties through `through`. The charge is the cumulative uncapped figure held
 * under the ceilings, never below what was already charged; because every ceiling is
 * cumulative, the order in which days are booked cannot change the result.
 */
function book(state: LoanState, accrual: Accrual, through: IsoDate): LoanState {
  const late = state.late;
  const regime = regimeOf(state);
  const uncapped = late.uncapped + accrual.uncapped;
  const dueDays = lateDueDaysOf(late, regime) + accrual.dueDays;
  const room = regime ? lateRoomOf(regime, dueDays) : 0;
  const left = costRoom(state);
  let ceiling = regime ? Math.min(uncapped, room) : uncapped;
  if (left !== null) ceiling = Math.min(ceiling, late.charged + left);
  const charged = Math.max(late.charged, ceiling);
  const defaultCharge = accrual.defaultCharge ?? late.defaultCharge;
  return {
    ...state,
    owed: { ...state.owed, penalties: state.owed.penalties + charged - late.charged },
    late: {
      through,
      defaultCharged: accrual.defaultCharged,
      uncapped,
      dueDays,
      room,
      ...(defaultCharge === undefined ? {} : { defaultCharge }),
      charged,
    },
  };
}

/** Close of business: accrue the one day after `late.through`. */
export function accrueOneDay(state: LoanState): LoanState {
  const day = addDays(state.late.through, 1);
  const due = amountPastDue(state, day);
  const first = state.installments[firstUnpaidIndex(state)];
  if (due === 0 || !first)
    return book(state, { uncapped: 0, dueDays: 0, defaultCharged: state.late.defaultCharged }, day);
  const overdueDay = daysBetween(first.dueDate, day);
  const interest = dailyPenaltyInterest(due, tierBpsFor(state.terms.penaltyTiers, overdueDay));
  const dueDays = regimeOf(state) ? due : 0;
  if (state.late.defaultCharged) return book(state, { uncapped: interest, dueDays, defaultCharged: true }, day);
  const defaultCharge = defaultChargeOn(state, due);
  return book(state, { uncapped: interest + defaultCharge, dueDays, defaultCharged: true, defaultCharge }, day);
}

/**
 * Accrues every day after `late.through` up to `asOf` in one go, by spans over which the amount
 * due and the tier stay the same. Running it again for the same day changes nothing.
 */
export function accruePenaltiesTo(state: LoanState, asOf: IsoDate): LoanState {
  if (daysBetween(state.late.through, asOf) <= 0) return state;
  return book(state, spanAccrual(state, state.late.through, asOf), asOf);
}

function spanAccrual(state: LoanState, after: IsoDate, to: IsoDate): Accrual {
  const accrual: Accrual = { uncapped: 0, dueDays: 0, defaultCharged: state.late.defaultCharged };
  const underRegime = regimeOf(state) !== null;
  const first = state.installments[firstUnpaidIndex(state)];
  if (!first) return accrual;
  // Days are numbered by overdue day: n is the calendar day first.dueDate + n.
  const start = Math.max(1, daysBetween(first.dueDate, after) + 1);
  const end = daysBetween(first.dueDate, to) + 1;
  if (start >= end) return accrual;
  const cuts = new Set([start, end, ...state.terms.penaltyTiers.map((tier) => tier.fromDay)]);
  for (const row of state.installments) cuts.add(daysBetween(first.dueDate, row.dueDate) + 1);
  const points = [...cuts].filter((n) => n >= start && n <= end).sort((a, b) => a - b);
  // Installments stay in due-date order (extensions move every unpaid one alike), so the amount
  // due can be summed as the spans walk forward instead of from scratch for each span.
  const paid = state.paid.principal + state.paid.interest;
  let scheduled = 0;
  let next = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const n = points[i]!;
    const days = points[i + 1]! - n;
    for (
      let row = state.installments[next];
      row && daysBetween(first.dueDate, row.dueDate) < n;
      row = state.installments[++next]
    ) {
      scheduled += row.principal + row.interest;
    }
    const due = Math.max(0, scheduled - paid);
    accrual.uncapped += days * dailyPenaltyInterest(due, tierBpsFor(state.terms.penaltyTiers, n));
    if (underRegime) accrual.dueDays += days * due;
    if (!accrual.defaultCharged) {
      accrual.defaultCharge = defaultChargeOn(state, due);
      accrual.uncapped += accrual.defaultCharge;
      accrual.defaultCharged = true;
    }
  }
  return accrual;
}

export interface PenaltyStatement {
  asOf: IsoDate;
  overdueDays: number;
  amountDue: Centavos;
  /** The default charge and penalty interest charged to date (the default charge counts first). */
  defaultCharge: Centavos;
  penaltyInterest: Centavos;
  /** Penalties charged and not yet paid. */
  owed: Centavos;
  /** What the tiers would have charged beyond the ceilings. */
  heldBack: Centavos;
  cappedBy: Extract<Ceiling, 'late-penalty' | 'total-cost'> | null;
}

/** What late penalties come to for a loan on `asOf`, accruing any days not yet booked. */
export function penaltiesOwed(state: LoanState, asOf: IsoDate): PenaltyStatement {
  const s = accruePenaltiesTo(state, asOf);
  const { late } = s;
  const first = s.installments[firstUnpaidIndex(s)];
  const defaultCharge = late.defaultCharged ? Math.min(late.defaultCharge ?? defaultChargeOf(s), late.charged) : 0;
  const heldBack = late.uncapped - late.charged;
  return {
    asOf,
    overdueDays: first ? Math.max(0, daysBetween(first.dueDate, asOf)) : 0,
    amountDue: amountPastDue(s, asOf),
    defaultCharge,
    penaltyInterest: late.charged - defaultCharge,
    owed: s.owed.penalties,
    heldBack,
    cappedBy: heldBack === 0 ? null : regimeOf(s) && late.charged >= late.room ? 'late-penalty' : 'total-cost',
  };
}
