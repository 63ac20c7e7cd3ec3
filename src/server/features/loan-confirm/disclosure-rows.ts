import { formatHumanDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { formatBps } from '../../../shared/format/percent';
import type { TilaDisclosure } from '../../domain/loan';
import type { ReplyTexts } from '../../i18n/reply-texts';

export interface Row {
  text: string;
  value: string;
}

/** The Truth in Lending figures of the credit itself (RA 3765): what is financed, what it costs, at what rate. */
export function financeRows(d: TilaDisclosure, tx: ReplyTexts): Row[] {
  return [
    { text: tx('disclosure.financed'), value: formatMoney(d.amountFinanced) },
    ...d.financeCharges.map((c) => ({
      text: tx('disclosure.charge', { name: tx.or(`disclosure.charge.${c.kind}`, c.kind) }),
      value: formatMoney(c.amount),
    })),
    { text: tx('disclosure.totalCharge'), value: formatMoney(d.totalFinanceCharge) },
    { text: tx('disclosure.net'), value: formatMoney(d.netProceeds) },
    { text: tx('disclosure.payments'), value: formatMoney(d.totalOfPayments) },
    {
      text: tx('disclosure.eir'),
      value: tx('disclosure.eirValue', {
        monthly: formatBps(d.effectiveRate.monthlyBps),
        annual: formatBps(d.effectiveRate.compoundedAnnualBps),
      }),
    },
  ];
}

/**
 * RA 3765, BSP Circular 730: the charges the Borrower may incur besides the finance charge, and the
 * ceilings on them, in the reply's language: the confirm and disclosure pages and the disclosure
 * statement show them to a Filipino reader in Filipino.
 */
export function otherChargeRows(d: TilaDisclosure, tx: ReplyTexts): Row[] {
  const limits = d.lenderLimits;
  const ceilings = d.ceiling
    ? tx('terms.ceilingsRegime', {
        source: d.ceiling.source,
        interest: formatBps(d.ceiling.nominalDailyBps * 30),
        effective: formatBps(d.ceiling.effectiveMonthlyBps),
        late: formatBps(d.ceiling.lateMonthlyBps),
        total: formatBps(d.ceiling.totalCostShareBps),
      })
    : limits
      ? tx('terms.ceilingsLender', {
          total: formatBps(limits.maxTotalCostBps),
          share: formatBps(limits.maxDefaultChargeShareBps),
        })
      : tx('terms.none');
  const maxExtensions = d.extension.maxExtensions;
  const extensionCap =
    maxExtensions === null
      ? ''
      : maxExtensions === 1
        ? tx('terms.extensionMaxOne')
        : tx('terms.extensionMaxMany', { count: maxExtensions });
  const opensOn = formatHumanDate(d.prepayment.opensOn, tx.locale);
  return [
    {
      text: tx('terms.defaultCharge'),
      value: tx('terms.defaultChargeValue', {
        new: formatMoney(d.defaultCharge.new),
        repeat: formatMoney(d.defaultCharge.repeat),
      }),
    },
    ...d.penaltyTiers.map((t) => ({
      text:
        t.toDay === null
          ? tx('terms.penaltyFrom', { from: t.fromDay })
          : tx('terms.penaltyRange', { from: t.fromDay, to: t.toDay }),
      value: tx('terms.penaltyValue', { rate: formatBps(t.monthlyBps) }),
    })),
    {
      text: tx('terms.extensionFee'),
      value: d.extension.allowed
        ? `${tx('terms.extensionValue', { rate: formatBps(d.extension.feeBps) })}${extensionCap}`
        : tx('terms.noExtension'),
    },
    {
      text: tx('terms.prepayment'),
      // Early payoff is open from the day the money is received unless the product sets a lock-in.
      value:
        d.prepayment.minDaysAfterDisbursal === 0 && d.prepayment.minTermShareBps === 0
          ? tx('terms.prepaymentAnyDay')
          : tx('terms.prepaymentLockIn', { date: opensOn }),
    },
    { text: tx('terms.ceilings'), value: ceilings },
  ];
}
