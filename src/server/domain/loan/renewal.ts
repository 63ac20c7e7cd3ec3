import { type RegimeId, regimeOn } from './ceilings';
import { addDays, daysBetween, type IsoDate } from './dates';
import { type CashFlow, presentValue } from './irr';
import { costRoom, firstUnpaidIndex, type LoanState, regimeOf } from './loan-state';
import { BPS, type Centavos, mulDivDown } from './money';

/**
 * An extension is a renewal: the loan is entered into again on the extension's date, under the
 * regime in force that day. Its effective rate is that of these cash flows: on day 0 the borrower
 * keeps the outstanding principal less the extension fee, then pays `renewalFlows`.
 *
 * The remaining installments after a delay payment of `interestDue` (plus penalties and fees), each
 * moved by the same number of days as the next one moves to `nextDueDate`, with `extensionInterest`
 * added to the next one. Installments are covered in order by principal + interest combined.
 */
export function renewalFlows(
  s: LoanState,
  asOf: IsoDate,
  nextDueDate: IsoDate,
  interestDue: Centavos,
  extensionInterest: Centavos,
): CashFlow[] {
  const index = firstUnpaidIndex(s);
  const first = s.installments[index];
  if (!first) return [];
  const shift = daysBetween(first.dueDate, nextDueDate);
  const paid = s.paid.principal + s.paid.interest + interestDue;
  const flows: CashFlow[] = [];
  let cumulative = 0;
  s.installments.forEach((row, i) => {
    const before = Math.max(0, cumulative - paid);
    cumulative += row.principal + row.interest + (i === index ? extensionInterest : 0);
    const amount = Math.max(0, cumulative - paid) - before;
    if (amount > 0) flows.push({ day: Math.max(0, daysBetween(asOf, addDays(row.dueDate, shift))), amount });
  });
  return flows;
}

export interface RenewalCap {
  extensionFee: Centavos;
  extensionInterest: Centavos;
  /** The regime the renewal falls under: the one in force on its date, for a loan under a regime. */
  regime: RegimeId | null;
  /** The last ceiling that lowered the fee or the interest. */
  cappedBy: 'effective-rate' | 'total-cost' | null;
}

/**
 * Holds an extension's fee and interest to every ceiling, the fee first (the borrower pays it now),
 * then the interest: under a regime, the extension interest at most the nominal rate, and the
 * renewal's effective rate at most the regime's rate of the
 * renewal date; then the total cost, under a regime or the lender limit, at most its share of the
 * principal. Rounded down, so rounding never takes a renewal above a ceiling.
 */
export function capRenewal(
  s: LoanState,
  asOf: IsoDate,
  nextDueDate: IsoDate,
  interestDue: Centavos,
  asked: { extensionFee: Centavos; extensionInterest: Centavos },
): RenewalCap {
  let { extensionFee, extensionInterest } = asked;
  let cappedBy: RenewalCap['cappedBy'] = null;
  const regime = regimeOf(s) ? regimeOn(asOf) : null;
  if (regime) {
    const outstanding = s.amount - s.paid.principal;
    // Nominal interest: the extra term at the regime's daily rate, rounded down.
    extensionInterest = Math.min(
      extensionInterest,
      mulDivDown(outstanding, regime.nominalDailyBps * s.terms.periodDays, BPS),
    );
    const rate = regime.effectiveMonthlyBps / BPS;
    // EIR ≤ rate ⇔ the flows discounted at the rate are worth no more than what the borrower keeps.
    const feeRoom = (interest: Centavos) =>
      outstanding - presentValue(renewalFlows(s, asOf, nextDueDate, interestDue, interest), rate);
    if (extensionFee > Math.floor(feeRoom(extensionInterest))) {
      if (feeRoom(extensionInterest) < 0) extensionInterest = largestWhere(extensionInterest, (x) => feeRoom(x) >= 0);
      extensionFee = Math.max(0, Math.min(extensionFee, Math.floor(feeRoom(extensionInterest))));
      cappedBy = 'effective-rate';
    }
  }
  const left = costRoom(s);
  if (left !== null && extensionFee + extensionInterest > left) {
    extensionFee = Math.min(extensionFee, left);
    extensionInterest = Math.min(extensionInterest, left - extensionFee);
    cappedBy = 'total-cost';
  }
  return { extensionFee, extensionInterest, regime: regime?.id ?? null, cappedBy };
}

/** The largest whole x in [0, max] that passes, for a test that passes on a prefix; 0 when none does. */
function largestWhere(max: number, passes: (x: number) => boolean): number {
  if (!passes(0)) return 0;
  let low = 0;
  let high = max;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (passes(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}
