import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contracts/loan-disclosure';
import { OrderStatus } from '../../../shared/order-status';
import { href } from '../../../shared/pages';
import type { AppContext } from '../../app-context';
import { loanOrders } from '../../db/schema';
import { type LoanQuote, manilaDateOf } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { replyTexts } from '../../i18n/reply-texts';
import { acceptedDisclosures, termsReviewOf, acceptNewTerms, declineNewTerms } from '../../money';
import { disclosureRows, type RenewalRecord, renewalRows, summaryRows } from './quote-rows';

/**
 * The accepted quote is the contract: a borrower can read every disclosure they accepted for an
 * order, and accept or decline fresh terms when the product changed before disbursal.
 */
export function disclosureRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  registerCall(app, contract.orderDisclosures, async ({ orderId }, { borrowerId, locale }) => {
    const tx = replyTexts(locale);
    const [order] = await db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.id, orderId), eq(loanOrders.borrowerId, borrowerId)));
    if (!order) throw new AppError(Code.NOT_FOUND, 'The order was not found');
    const view = (quote: LoanQuote) => ({
      amount: quote.amount,
      details: summaryRows(quote, tx),
      disclosure: disclosureRows(quote, tx),
      repay_plans: quote.repayPlans.map((p) => ({ title: p.title, amount: p.amount, pay_time: p.pay_time })),
    });
    const waiting = order.status === OrderStatus.REVIEW || order.status === OrderStatus.APPROVED;
    const review = waiting ? await termsReviewOf(db, order, manilaDateOf(clock.now())).catch(() => null) : null;
    const accepted = await acceptedDisclosures(db, order.id);
    // A renewal row keeps the extension's own record, not a loan quote.
    const renewalView = (record: RenewalRecord) => ({
      amount: record.offered?.delayAmount ?? 0,
      ...renewalRows(record, tx),
      repay_plans: record.schedule.map((row, index) => ({
        title: tx('confirm.period', { period: index + 1, count: record.schedule.length }),
        amount: row.amount,
        pay_time: row.dueDate,
      })),
    });
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      review: review?.changed ? { ...view(review.priced.quote), quoteId: review.priced.digest } : null,
      accepted: accepted.map((row) => ({
        ...(row.kind === 'renewal'
          ? renewalView(row.quote as unknown as RenewalRecord)
          : view(row.quote as unknown as LoanQuote)),
        id: row.id,
        kind: row.kind === 'renewal' ? ('renewal' as const) : ('origination' as const),
        acceptedAt: row.acceptedAt.toISOString(),
      })),
    };
  });

  registerCall(app, contract.acceptTerms, async ({ orderId, quoteId }, { borrowerId }) => {
    const order = await acceptNewTerms(db, borrowerId, orderId, quoteId, manilaDateOf(clock.now()));
    return { lendDetailsUrl: href('loanDetail', { productId: order.productId, orderId: order.id }) };
  });

  registerCall(app, contract.declineTerms, async ({ orderId }, { borrowerId }) => {
    const order = await declineNewTerms(db, borrowerId, orderId, manilaDateOf(clock.now()));
    return { lendDetailsUrl: href('loanDetail', { productId: order.productId, orderId: order.id }) };
  });
}
