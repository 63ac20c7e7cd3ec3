import { and, eq, notExists, sql } from 'drizzle-orm';
import { OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { loanOrders, orderEvents, type products } from '../../db/schema';
import type { LoanProduct } from '../../domain/loan';
import type { Tx } from './order-store';

type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'firstLoanMax' | 'limitStep'>;

/** Loans the borrower repaid in full without ever going overdue (status 180 never reached). */
export async function loansRepaidOnTime(db: Db | Tx, borrowerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.borrowerId, borrowerId),
        eq(loanOrders.status, OrderStatus.SETTLED),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderEvents)
            .where(and(eq(orderEvents.orderId, loanOrders.id), eq(orderEvents.toStatus, OrderStatus.OVERDUE))),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The most this borrower may borrow under a product: a first loan starts at the product's
 * `first_loan_max` and each loan repaid on time adds `limit_step`, up to the product's maximum.
 * Always an amount the product can lend (on its step), and never below its minimum.
 */
export function limitOf(product: LoanProduct, row: ProductRow, repaidOnTime: number): number {
  if (row.firstLoanMax === null) return product.maxAmount;
  const grown = Math.min(product.maxAmount, row.firstLoanMax + repaidOnTime * row.limitStep);
  if (grown <= product.minAmount) return product.minAmount;
  return product.minAmount + Math.floor((grown - product.minAmount) / product.amountStep) * product.amountStep;
}

export async function borrowerLimit(
  db: Db | Tx,
  borrowerId: number,
  product: LoanProduct,
  row: ProductRow,
): Promise<number> {
  return limitOf(product, row, row.firstLoanMax === null ? 0 : await loansRepaidOnTime(db, borrowerId));
}
