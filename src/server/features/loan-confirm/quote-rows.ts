import { formatMoney } from '../../../shared/format/money';
import type { LoanQuote, TilaDisclosure } from '../../domain/loan';
import type { replyTexts } from '../../i18n/reply-texts';
import { formatBps } from '../../../shared/format/percent';
import { financeRows, otherChargeRows, type Row } from './disclosure-rows';

type Texts = ReturnType<typeof replyTexts>;
export type { Row };

/** The figures a borrower weighs first: what they borrow, what is deducted, what they repay. */
export function summaryRows(quote: LoanQuote, tx: Texts): Row[] {
  return [
    { text: tx('confirm.amount'), value: formatMoney(quote.amount) },
    { text: tx('confirm.fee'), value: formatMoney(quote.totals.fees) },
    { text: tx('confirm.receive'), value: formatMoney(quote.netProceeds) },
    { text: tx('confirm.interest'), value: formatMoney(quote.totals.interest) },
    { text: tx('confirm.total'), value: formatMoney(quote.totals.totalRepayable) },
  ];
}

/** The Truth in Lending disclosure (RA 3765, BSP Circular 730) as labelled rows. */
export function disclosureRows(quote: LoanQuote, tx: Texts): Row[] {
  const d = quote.disclosure;
  return [...financeRows(d, tx), ...termsRows(d, tx)];
}

/**
 * What a late payment, an extension and an early payoff cost, and the ceilings on them: the same
 * rows as the disclosure statement the borrower can open, in the reader's language. Quotes stored
 * before these fields existed show the rows they have.
 */
function termsRows(d: TilaDisclosure, tx: Texts): Row[] {
  if (!d.defaultCharge || !d.penaltyTiers || !d.extension || !d.prepayment) return [];
  return otherChargeRows(d, tx);
}

/** The repayment plan, one row per period (spec 001 §2.10 `repay_plans`). */
export function planRows(quote: LoanQuote, tx: Texts) {
  return quote.repayPlans.map((plan, index) => ({
    ...plan,
    title: tx('confirm.period', { period: index + 1, count: quote.repayPlans.length }),
  }));
}

export function dailyRateText(quote: LoanQuote, tx: Texts): string {
  return tx('confirm.rate', { rate: formatBps(quote.terms.dailyInterestBps) });
}

/** A renewal as it was recorded when the extension posted: what was paid, and the new schedule. */
export interface RenewalRecord {
  paidOn: string;
  offered: {
    delayAmount: number;
    interestDue: number;
    penaltiesDue: number;
    extensionFee: number;
    extensionInterest: number;
  } | null;
  nextDueDate: string | null;
  schedule: { dueDate: string; amount: number }[];
}

export function renewalRows(renewal: RenewalRecord, tx: Texts): { details: Row[]; disclosure: Row[] } {
  const o = renewal.offered;
  return {
    details: [
      { text: tx('renewal.paidOn'), value: renewal.paidOn },
      ...(o ? [{ text: tx('renewal.payment'), value: formatMoney(o.delayAmount) }] : []),
      ...(renewal.nextDueDate ? [{ text: tx('renewal.nextDue'), value: renewal.nextDueDate }] : []),
    ],
    disclosure: o
      ? [
          { text: tx('renewal.interestDue'), value: formatMoney(o.interestDue) },
          { text: tx('renewal.penalties'), value: formatMoney(o.penaltiesDue) },
          { text: tx('renewal.fee'), value: formatMoney(o.extensionFee) },
          { text: tx('renewal.interest'), value: formatMoney(o.extensionInterest) },
        ]
      : [],
  };
}
