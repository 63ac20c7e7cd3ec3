import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/home';
import { isOrderStatus, OPEN_STATUSES, orderStatusText } from '../../../shared/order-status';
import type { AppContext } from '../../app-context';
import { loanOrders, products } from '../../db/schema';
import { parseLoanProduct } from '../../domain/loan';
import { registerCall } from '../../http/register-call';
import { limitOf, loansRepaidOnTime, configuredLenderLimits } from '../../money';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyText } from '../../i18n/reply-texts';
import { formatBps } from '../../../shared/format/percent';

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** "0.15% interest per day" from the product terms, in the reader's language. */
function rateText(terms: Record<string, unknown>, locale: ReplyLocale): string {
  const bps = num(terms.dailyInterestBps);
  return replyText(locale, 'confirm.rate', { rate: formatBps(bps) });
}

/** The web home page: products on offer and the borrower's own orders, newest first. */
export function homeRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.homeOverview, async (_input, { borrowerId, locale }) => {
    const [productRows, orderRows] = await Promise.all([
      db.select().from(products).where(eq(products.enabled, true)).orderBy(products.id),
      db
        .select({ order: loanOrders, productName: products.name, productLogo: products.logo })
        .from(loanOrders)
        .innerJoin(products, eq(products.id, loanOrders.productId))
        .where(eq(loanOrders.borrowerId, borrowerId))
        .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id)),
    ]);
    const repaidOnTime = await loansRepaidOnTime(db, borrowerId);
    // The rule a new application meets at submission (src/server/money/loans/lifecycle.ts), told up front.
    const open = orderRows.filter(({ order }) => (OPEN_STATUSES as readonly number[]).includes(order.status));
    const newestOpen = [...open].sort((a, b) => b.order.id - a.order.id)[0]?.order;
    const blockedBy = (allowed: number) =>
      newestOpen && open.length >= allowed
        ? {
            orderId: newestOpen.id,
            orderNo: newestOpen.orderNo,
            productId: newestOpen.productId,
            status: newestOpen.status,
          }
        : null;
    return {
      products: productRows
        .flatMap((p) => {
          // A product the engine refuses (misconfigured, or beyond the lender limits) is not offered.
          const check = parseLoanProduct(p.terms, configuredLenderLimits());
          return check.ok ? [{ row: p, product: check.product }] : [];
        })
        .map(({ row: p, product }) => ({
          productId: p.id,
          name: p.name,
          logo: p.logo,
          minAmount: product.minAmount,
          maxAmount: product.maxAmount,
          limit: limitOf(product, p, repaidOnTime),
          termDays: num(p.terms.termDays),
          rateText: rateText(p.terms, locale),
          blockedBy: blockedBy(p.openLoansAllowed),
        })),
      orders: orderRows.map(({ order, productName, productLogo }) => ({
        orderId: order.id,
        orderNo: order.orderNo,
        productId: order.productId,
        productName,
        productLogo,
        status: order.status,
        statusText: isOrderStatus(order.status) ? orderStatusText[order.status] : String(order.status),
        amount: order.amount,
        createdAt: order.createdAt.toISOString(),
      })),
    };
  });
}
