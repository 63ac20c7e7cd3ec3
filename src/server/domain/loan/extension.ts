import { type Allocation, allocatePayment, zeroBuckets } from './allocation';
import type { RegimeId } from './ceilings';
import { addDays, daysBetween, type IsoDate, laterOf } from './dates';
import { balancesOf, extensionsOf, firstUnpaidIndex, isAfterMaturity, type LoanState, limitsOf } from './loan-state';
import { assertCentavos, BPS, bpsOf, type Centavos, mulDivHalfUp } from './money';
import { applyAllocation } from './payment';
import { accruePenaltiesTo } from './penalties';
import { type HonouredQuote, isHonouredOn } from './honoured-quote';
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
      /** The extra term runs from the later of the old due date and the payment date to here. */
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
  // The extra term starts when the old one ended, or on the payment day when that is later: the
  // days in between are late days, charged as penalties, so they are not charged again as interest.
  const cutoff = laterOf(asOf, first.dueDate);
  let interestThroughCutoff = 0;
  for (const row of s.installments) if (daysBetween(row.dueDate, cutoff) >= 0) interestThroughCutoff += row.interest;
  const outstanding = s.amount - s.paid.principal;
  const { periodDays, dailyInterestBps, extensionFeeBps } = s.terms;
  const interestDue = Math.max(0, interestThroughCutoff - s.paid.interest);
  const nextDueDate = addDays(cutoff, periodDays);
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
  | {
      ok: true;
      state: LoanState;
      quote: Quoted;
      allocation: Allocation;
      /** Penalties accrued after an honoured quote and waived (0 without one). */
      waived: Centavos;
    }
  | { ok: false; reason: ExtensionRefusal | 'insufficient-payment'; delayAmount?: Centavos };

/**
 * Posts a delay payment: it pays exactly the quoted items, the first unpaid installment falls due
 * one period after the later of its due date and `asOf` (so a late loan comes out current), every
 * later one moves by the same number of days, and the next one carries the extra term's interest.
 * A payment above the delay amount is then posted as an ordinary payment; one below it is
 * refused, unless `honoured` covers it: within its window the late days after the quote are
 * waived, as if never accrued (the default charge, if not yet charged, stays uncharged).
 * Interest and the fee are never waived, so a quote that no longer covers them is not honoured.
 */
export function postExtension(
  state: LoanState,
  payment: Centavos,
  asOf: IsoDate,
  honoured?: HonouredQuote,
): ExtensionResult {
  assertCentavos(payment, 'payment');
  const full = quoteExtension(state, asOf);
  if (!full.allowed) return { ok: false, reason: full.reason };
  const base = payment < full.delayAmount ? honouredBase(state, asOf, honoured) : null;
  const s = base ?? accruePenaltiesTo(state, asOf);
  const quote = base ? quoteExtension(base, asOf) : full;
  if (!quote.allowed) return { ok: false, reason: quote.reason };
  if (payment < quote.delayAmount) return { ok: false, reason: 'insufficient-payment', delayAmount: quote.delayAmount };
  const index = firstUnpaidIndex(s);
  const first = s.installments[index]!;
  const cutoff = laterOf(asOf, first.dueDate);
  const shift = daysBetween(first.dueDate, quote.nextDueDate);
  const installments = s.installments.map((row, i) => {
    if (i < index) return row;
    // Interest collected now counts as earned, so a later prepayment does not charge it twice.
    const interestEarnedAtStart = daysBetween(row.dueDate, cutoff) >= 0 ? row.interest : row.interestEarnedAtStart;
    const dueDate = addDays(row.dueDate, shift);
    if (i > index) return { ...row, startDate: addDays(row.startDate, shift), dueDate, interestEarnedAtStart };
    return {
      ...row,
      startDate: cutoff,
      dueDate,
      interest: row.interest + quote.extensionInterest,
      interestEarnedAtStart,
    };
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
  const waived = full.delayAmount - quote.delayAmount;
  return { ok: true, state: applyAllocation(extended, rest), quote, allocation: { ...rest, applied }, waived };
}

/**
 * The loan accrued only to the honoured quote's day, with the late days after it skipped (waived),
 * or null when no quote is honoured on `asOf` or it would not cover the delay amount anyway.
 */
function honouredBase(state: LoanState, asOf: IsoDate, honoured: HonouredQuote | undefined): LoanState | null {
  if (!isHonouredOn(honoured, asOf)) return null;
  const atQuote = accruePenaltiesTo(state, honoured.quotedOn);
  if (daysBetween(atQuote.late.through, asOf) < 0) return null;
  const skipped: LoanState = { ...atQuote, late: { ...atQuote.late, through: asOf } };
  const quote = quoteExtension(skipped, asOf);
  return quote.allowed && quote.delayAmount <= honoured.amount ? skipped : null;
}
