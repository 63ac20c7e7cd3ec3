import { formatMoney } from '../../../shared/format/money';
import type { LoanQuote, TilaDisclosure } from '../../domain/loan';
import type { replyTexts } from '../../i18n/reply-texts';

type Texts = ReturnType<typeof replyTexts>;
export interface Row {
  text: string;
  value: string;
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

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
  return [
    { text: tx('disclosure.financed'), value: formatMoney(d.amountFinanced) },
    ...d.financeCharges.map((c) => ({ text: tx('disclosure.charge', { name: tx.or(`disclosure.charge.${c.kind}`, c.kind) }), value: formatMoney(c.amount) })),
    { text: tx('disclosure.totalCharge'), value: formatMoney(d.totalFinanceCharge) },
    { text: tx('disclosure.net'), value: formatMoney(d.netProceeds) },
    { text: tx('disclosure.payments'), value: formatMoney(d.totalOfPayments) },
    { text: tx('disclosure.eir'), value: tx('disclosure.eirValue', { monthly: percent(d.effectiveRate.monthlyBps), annual: percent(d.effectiveRate.compoundedAnnualBps) }) },
    ...termsRows(d, tx),
  ];
}

/** What a late payment, an extension and an early payoff cost (Truth in Lending, BSP Circular 730). */
function termsRows(d: TilaDisclosure, tx: Texts): Row[] {
  // Older stored quotes predate these fields: they show the rows they have.
  if (!d.defaultCharge || !d.penaltyTiers || !d.extension || !d.prepayment) return [];
  const tiers = d.penaltyTiers.map((tier) =>
    tier.toDay === null
      ? tx('disclosure.penaltyTierOn', { rate: percent(tier.monthlyBps), from: tier.fromDay })
      : tx('disclosure.penaltyTier', { rate: percent(tier.monthlyBps), from: tier.fromDay, to: tier.toDay }),
  );
  const { extension } = d;
  return [
    { text: tx('disclosure.defaultCharge'), value: tx('disclosure.defaultChargeValue', { new: formatMoney(d.defaultCharge.new), repeat: formatMoney(d.defaultCharge.repeat) }) },
    { text: tx('disclosure.penalty'), value: tiers.join('; ') },
    {
      text: tx('disclosure.extension'),
      value: extension.allowed
        ? tx('disclosure.extensionValue', { fee: percent(extension.feeBps), times: extension.maxExtensions ?? '∞' })
        : tx('disclosure.extensionNone'),
    },
    { text: tx('disclosure.prepayment'), value: tx('disclosure.prepaymentValue', { date: d.prepayment.opensOn }) },
    { text: tx('disclosure.ceiling'), value: d.ceiling ? d.ceiling.source : tx('disclosure.lenderLimits') },
  ];
}

/** The repayment plan, one row per period (spec 001 §2.10 `repay_plans`). */
export function planRows(quote: LoanQuote, tx: Texts) {
  return quote.repayPlans.map((plan, index) => ({ ...plan, title: tx('confirm.period', { period: index + 1, count: quote.repayPlans.length }) }));
}

export function dailyRateText(quote: LoanQuote, tx: Texts): string {
  return tx('confirm.rate', { rate: percent(quote.terms.dailyInterestBps) });
}
