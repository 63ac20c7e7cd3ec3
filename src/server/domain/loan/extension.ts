import { type Allocation, allocatePayment, zeroBuckets } from './allocation';
import type { RegimeId } from './ceilings';
import { addDays, daysBetween, type IsoDate, laterOf } from './dates';
import { balancesOf, extensionsOf, firstUnpaidIndex, isAfterMaturity, type LoanState, limitsOf } from './loan-state';
import { assertCentavos, BPS, bpsOf, type Centavos, mulDivHalfUp } from './money';
import { applyAllocation } from './payment';
import { accruePenaltiesTo } from './penalties';
import { capRenewal } from './renewal';
import { isSettled } from './settlement';

/** `rollover-limit`: a loan outside every regime has had as many extensions as its lender limit allows. */
export type ExtensionRefusal = 'not-allowed' | 'settled' | 'nothing-to-extend' | 'rollover-limit';
export type ExtensionQuote =
  | { allowed: false; reason: ExtensionRefusal }
  | {
      allowed: true;
      /** Unpaid interest of every installment due by today or by the next due date. */
      interestDue: Centavos;
      penaltiesDue: Centavos;
      /** Fees already owed, before this extension's fee. */
      feesDue: Centavos;
      extensionFee: Centavos;
      /** Interest for the extra term, added to the next installment (not part of the delay amount). */
      extensionInterest: Centavos;
      /** What the delay repayment page asks for (spec 001 §2.9 `delayAmount`). */
      delayAmount: Centavos;
      nextDueDate: IsoDate;
      /** The regime the renewal falls under (the one in force on its date), null outside every regime. */
      regime: RegimeId | null;
      cappedBy: 'effective-rate' | 'total-cost' | null;
    };

type Quoted = Extract<ExtensionQuote, { allowed: true }>;

/** spec 001 §9: an extension lasts one term and needs interest and penalties paid, plus the fee. */
export function quoteExtension(state: LoanState, asOf: IsoDate): ExtensionQuote {
  const s = accruePenaltiesTo(state, asOf);
  if (!s.terms.extensionAllowed) return { allowed: false, reason: 'not-allowed' };
  if (isSettled(s)) return { allowed: false, reason: 'settled' };
  const limits = limitsOf(s);
  if (limits && extensionsOf(s) >= limits.maxRollovers) return { allowed: false, reason: 'rollover-limit' };
  const first = s.installments[firstUnpaidIndex(s)];
  if (!first) return { allowed: false, reason: 'nothing-to-extend' };
  const cutoff = laterOf(asOf, first.dueDate);
  let interestThroughCutoff = 0;
  for (const row of s.installments) if (daysBetween(row.dueDate, cutoff) >= 0) interestThroughCutoff += row.interest;
  const outstanding = s.amount - s.paid.principal;
  const { periodDays, dailyInterestBps, extensionFeeBps } = s.terms;
  const interestDue = Math.max(0, interestThroughCutoff - s.paid.interest);
  const nextDueDate = addDays(first.dueDate, periodDays);
  // Every ceiling of the renewal's regime (or the lender limits), the fee first: it is paid now.
  const { extensionFee, extensionInterest, regime, cappedBy } = capRenewal(s, asOf, nextDueDate, interestDue, {
    extensionFee: bpsOf(outstanding, extensionFeeBps),
    extensionInterest: mulDivHalfUp(outstanding, dailyInterestBps * periodDays, BPS),
  });
  return {
    allowed: true,
    interestDue,
    penaltiesDue: s.owed.penalties,
    feesDue: s.owed.fees,
    extensionFee,
    extensionInterest,
    delayAmount: interestDue + s.owed.penalties + s.owed.fees + extensionFee,
    nextDueDate,
    regime,
    cappedBy,
  };
}

export type ExtensionResult =
  | { ok: true; state: LoanState; quote: Quoted; allocation: Allocation }
  | { ok: false; reason: ExtensionRefusal | 'insufficient-payment'; delayAmount?: Centavos };

/**
 * Posts a delay payment: it pays exactly the quoted items, every unpaid installment moves one
 * period later, and the next one carries the extra term's interest. A payment above the delay
 * amount is then posted as an ordinary payment; one below it is refused.
 */
export function postExtension(state: LoanState, payment: Centavos, asOf: IsoDate): ExtensionResult {
  assertCentavos(payment, 'payment');
  const quote = quoteExtension(state, asOf);
  if (!quote.allowed) return { ok: false, reason: quote.reason };
  if (payment < quote.delayAmount) return { ok: false, reason: 'insufficient-payment', delayAmount: quote.delayAmount };
  const s = accruePenaltiesTo(state, asOf);
  const index = firstUnpaidIndex(s);
  const cutoff = laterOf(asOf, s.installments[index]!.dueDate);
  const days = s.terms.periodDays;
  const installments = s.installments.map((row, i) => {
    if (i < index) return row;
    // Interest collected now counts as earned, so a later prepayment does not charge it twice.
    const interestEarnedAtStart = daysBetween(row.dueDate, cutoff) >= 0 ? row.interest : row.interestEarnedAtStart;
    const dueDate = addDays(row.dueDate, days);
    if (i > index) return { ...row, startDate: addDays(row.startDate, days), dueDate, interestEarnedAtStart };
    return { ...row, startDate: row.dueDate, dueDate, interest: row.interest + quote.extensionInterest, interestEarnedAtStart };
  });
  const extended: LoanState = {
    ...s,
    installments,
    paid: { ...s.paid, interest: s.paid.interest + quote.interestDue },
    owed: { ...s.owed, penalties: 0, fees: 0 },
    charged: { ...s.charged, fees: s.charged.fees + quote.extensionFee },
    extensions: extensionsOf(s) + 1,
  };
  const phase = isAfterMaturity(extended, asOf) ? 'after-maturity' : 'before-maturity';
  const rest = allocatePayment(balancesOf(extended), payment - quote.delayAmount, phase);
  const applied = { ...zeroBuckets(), ...rest.applied };
  applied.penalties += quote.penaltiesDue;
  applied.fees += quote.feesDue + quote.extensionFee;
  applied.interest += quote.interestDue;
  return { ok: true, state: applyAllocation(extended, rest), quote, allocation: { ...rest, applied } };
}
