import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contracts/loan-confirm';
import { manilaToday } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { AppContext } from '../../app-context';
import { quoteLoan } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { replyTexts } from '../../i18n/reply-texts';
import { registerCall } from '../../http/register-call';
import { loadProduct, submitApplication } from '../loan-order/lifecycle';
import { AGREEMENTS } from './agreements';

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** spec 001 §2.10, §7: the loan confirm detail (from the engine's quote) and the loan push. */
export function loanConfirmRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.confirmDetail, async ({ productId, amount }, { locale }) => {
    const tx = replyTexts(locale);
    const { name, logo, product, presentation } = await loadProduct(db, productId);
    const principal = amount ?? product.maxAmount;
    let quote: ReturnType<typeof quoteLoan>;
    try {
      quote = quoteLoan(product, principal, manilaToday());
    } catch {
      throw new AppError(Code.BAD_REQUEST, `Choose an amount between ${formatMoney(product.minAmount)} and ${formatMoney(product.maxAmount)}`, { field: 'amount' });
    }
    const d = quote.disclosure;
    return {
      productId,
      comProductLogo: logo,
      comProductName: name,
      amount: principal,
      periods: product.periods,
      termUnit: 1,
      termDays: product.termDays,
      details: [
        { text: tx('confirm.amount'), value: formatMoney(principal) },
        { text: tx('confirm.fee'), value: formatMoney(quote.totals.fees) },
        { text: tx('confirm.receive'), value: formatMoney(quote.netProceeds) },
        { text: tx('confirm.interest'), value: formatMoney(quote.totals.interest) },
        { text: tx('confirm.total'), value: formatMoney(quote.totals.totalRepayable) },
      ],
      repay_plans: quote.repayPlans.map((plan, index) => ({ ...plan, title: tx('confirm.period', { period: index + 1, count: quote.repayPlans.length }) })),
      firstPayTime: quote.firstPayTime,
      firstPeriodDay: quote.firstPeriodDay,
      pRateDsc: tx('confirm.rate', { rate: percent(quote.terms.dailyInterestBps) }),
      disclosure: [
        { text: tx('disclosure.financed'), value: formatMoney(d.amountFinanced) },
        ...d.financeCharges.map((c) => ({ text: tx('disclosure.charge', { name: tx.or(`disclosure.charge.${c.kind}`, c.kind) }), value: formatMoney(c.amount) })),
        { text: tx('disclosure.totalCharge'), value: formatMoney(d.totalFinanceCharge) },
        { text: tx('disclosure.net'), value: formatMoney(d.netProceeds) },
        { text: tx('disclosure.payments'), value: formatMoney(d.totalOfPayments) },
        { text: tx('disclosure.eir'), value: tx('disclosure.eirValue', { monthly: percent(d.effectiveRate.monthlyBps), annual: percent(d.effectiveRate.compoundedAnnualBps) }) },
      ],
      agreements: AGREEMENTS.map((a) => ({ ...a })),
      isPopType: presentation.retention ? 1 : 0,
      popTitle: presentation.retention?.title ?? '',
      popContent: presentation.retention?.content ?? '',
      popAgreementUrl: presentation.agreementPopUrl ?? '',
      NewButtonMsg: presentation.buttonText ?? '',
      NewPopMsg: presentation.promoText ?? '',
    };
  });

  registerCall(app, contract.loanPush, async ({ productId, amount }, { borrowerId }) => {
    const order = await submitApplication(db, { borrowerId, productId, amount }, manilaToday());
    return { orderId: order.id, lendDetailsUrl: href('loanDetail', { productId, orderId: order.id }) };
  });
}
