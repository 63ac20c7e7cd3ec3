import { and, desc, eq } from 'drizzle-orm';
import type { ComplaintOrder } from '../../../shared/contracts/complaints';
import { formatDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import type { Db } from '../../db/client';
import { loanOrders, products } from '../../db/schema';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';
import { collectionAllowed } from './catalogue';

/** Orders a borrower may pick on the complaint start page: enough for years of borrowing. */
const ORDER_LIST_LIMIT = 50;

type OrderRow = { order: typeof loanOrders.$inferSelect; productName: string; productLogo: string };

const orderColumns = { order: loanOrders, productName: products.name, productLogo: products.logo };

/** spec 000 §3 Order summary: logo, name, status, title/value pairs and isShow. */
function toSummary({ order, productName, productLogo }: OrderRow, locale: ReplyLocale = 'en'): ComplaintOrder {
  const tx = replyTexts(locale);
  const list = [
    { title: tx('order.orderNo'), value: order.orderNo },
    { title: tx('order.amount'), value: formatMoney(order.amount) },
    { title: tx('order.status'), value: tx.or(`order.status.${order.status}`, String(order.status)) },
    { title: tx('order.appliedOn'), value: formatDate(order.createdAt) },
  ];
  if (order.dueDate) list.push({ title: tx('order.dueDate'), value: order.dueDate });
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    productLogo,
    productName,
    status: order.status,
    list,
    isShow: collectionAllowed(order.status),
  };
}

/** The borrower's own orders, newest first. */
export async function listOrders(db: Db, borrowerId: number, locale: ReplyLocale = 'en'): Promise<ComplaintOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id))
    .limit(ORDER_LIST_LIMIT);
  return rows.map((row) => toSummary(row, locale));
}

/** One of the borrower's own orders by its number; null for an unknown or another borrower's order. */
export async function findOwnOrder(db: Db, borrowerId: number, orderNo: string) {
  const [row] = await db
    .select(orderColumns)
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.orderNo, orderNo)));
  return row ? toSummary(row) : null;
}

/** One of the borrower's own orders by id. */
export async function findOwnOrderById(db: Db, borrowerId: number, orderId: number, locale: ReplyLocale = 'en') {
  const [row] = await db
    .select(orderColumns)
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.id, orderId)));
  return row ? toSummary(row, locale) : null;
}
