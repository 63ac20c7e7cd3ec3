import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contracts/loan-confirm';
import { manilaToday } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { AppContext } from '../../app-context';
import { quoteLoan } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { loadProduct, submitApplication } from '../loan-order/lifecycle';
import { AGREEMENTS } from './agreements';

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;
const CHARGE_NAMES: Record<string, string> = { interest: 'Interest', 'service-fee': 'Service fee' };

/** spec 001 §2.10, §7: the loan confirm detail (from the engine's quote) and the loan push. */
export function loanConfirmRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.confirmDetail, async ({ productId, amount }) => {
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
        { text: 'Loan amount', value: formatMoney(principal) },
        { text: 'Service fee (deducted)', value: formatMoney(quote.totals.fees) },
        { text: 'You receive', value: formatMoney(quote.netProceeds) },
        { text: 'Interest', value: formatMoney(quote.totals.interest) },
        { text: 'Total to repay', value: formatMoney(quote.totals.totalRepayable) },
      ],
      repay_plans: quote.repayPlans,
      firstPayTime: quote.firstPayTime,
      firstPeriodDay: quote.firstPeriodDay,
      pRateDsc: `${percent(quote.terms.dailyInterestBps)} interest per day`,
      disclosure: [
        { text: 'Amount financed', value: formatMoney(d.amountFinanced) },
        ...d.financeCharges.map((c) => ({ text: `Finance charge: ${CHARGE_NAMES[c.kind] ?? c.kind}`, value: formatMoney(c.amount) })),
        { text: 'Total finance charge', value: formatMoney(d.totalFinanceCharge) },
        { text: 'Net proceeds', value: formatMoney(d.netProceeds) },
        { text: 'Total of payments', value: formatMoney(d.totalOfPayments) },
        { text: 'Effective interest rate', value: `${percent(d.effectiveRate.monthlyBps)} a month (${percent(d.effectiveRate.annualBps)} a year)` },
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
