import type { ProductPresentation } from '../../../shared/contracts/loan-confirm';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { loanOrders, orderEvents, products } from '../../db/schema';
import {
  accruePenaltiesTo,
  type BorrowerKind,
  type IsoDate,
  type LoanProduct,
  openLoan,
  parseLoanProduct,
  quoteLoan,
} from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { assertBusinessDate } from './business-date';
import { changeJournal, disbursalJournal } from './journal';
import { changeStatus, loanStateOf, lockOrder, type Order, type Tx, writeJournal } from './order-store';
import { dueDateOf, statusFor } from './order-status';

const json = (value: unknown) => value as Record<string, unknown>;

/** A product's terms, validated by the engine; a product that fails validation cannot lend. */
export async function loadProduct(
  db: Db | Tx,
  productId: number,
): Promise<{ id: number; name: string; logo: string; product: LoanProduct; presentation: ProductPresentation }> {
  const row = await db.query.products.findFirst({ where: and(eq(products.id, productId), eq(products.enabled, true)) });
  if (!row) throw new AppError(Code.NOT_FOUND, 'This loan product is not available');
  const check = parseLoanProduct(row.terms);
  if (!check.ok) throw new AppError(Code.CONFLICT, `This loan product is misconfigured: ${check.errors.join('; ')}`);
  return { id: row.id, name: row.name, logo: row.logo, product: check.product, presentation: row.presentation };
}

/** The borrower's words for an amount the product cannot lend (the engine's own check runs after). */
function amountProblem(product: LoanProduct, amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < product.minAmount || amount > product.maxAmount) {
    return `Choose an amount between ${formatMoney(product.minAmount)} and ${formatMoney(product.maxAmount)}`;
  }
  if ((amount - product.minAmount) % product.amountStep !== 0) {
    return `Choose an amount in steps of ${formatMoney(product.amountStep)}`;
  }
  return null;
}

async function borrowerKindOf(db: Db, borrowerId: number): Promise<BorrowerKind> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.status, OrderStatus.SETTLED)));
  return (row?.n ?? 0) > 0 ? 'repeat' : 'new';
}

/** Submit → 21 (DESIGN §6). The quote is priced as if disbursed today; disbursal re-prices from its own date. */
export async function submitApplication(
  db: Db,
  input: { borrowerId: number; productId: number; amount: number },
  today: IsoDate,
): Promise<Order> {
  const { product } = await loadProduct(db, input.productId);
  const problem = amountProblem(product, input.amount);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem, { field: 'amount' });
  const quote = quoteLoan(product, input.amount, today);
  const borrowerKind = await borrowerKindOf(db, input.borrowerId);
  return db.transaction(async (tx) => {
    // The order number is made from the id, so take the id first.
    const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('loan_orders', 'id'))::int as id`);
    const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
    const [order] = await tx
      .insert(loanOrders)
      .values({
        id,
        orderNo: `HRM${String(id).padStart(8, '0')}`,
        borrowerId: input.borrowerId,
        productId: input.productId,
        status: OrderStatus.REVIEW,
        amount: input.amount,
        termDays: product.termDays,
        periods: product.periods,
        quote: json(quote),
        borrowerKind,
      })
      .returning();
    if (!order) throw new Error('order not created');
    await tx.insert(orderEvents).values({ orderId: id, toStatus: order.status, actor: 'borrower', businessDate: today });
    return order;
  });
}

/** Credit: 21 → 110 (approve) or 21 → 151 (reject, with a reason). */
export async function decide(
  db: Db,
  orderId: number,
  decision: { approve: boolean; reason?: string; actor: string },
  today: IsoDate,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const to = decision.approve ? OrderStatus.APPROVED : OrderStatus.REJECTED;
    await changeStatus(tx, order, to, { actor: decision.actor, reason: decision.reason, businessDate: today });
    await tx.update(loanOrders).set({ decisionReason: decision.reason ?? null }).where(eq(loanOrders.id, orderId));
    return { ...order, status: to };
  });
}

/** The business date the order was approved on: a loan cannot be disbursed before it. */
async function approvedOn(tx: Tx, orderId: number): Promise<IsoDate | undefined> {
  const [event] = await tx
    .select({ day: orderEvents.businessDate })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, OrderStatus.APPROVED)))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return event?.day ?? undefined;
}

/**
 * Finance: 110 → 170 with the schedule fixed from the disbursal date. The disbursal date is
 * today or a past day not before the approval; a back-dated loan is brought up to `today`, so its
 * status and penalties are today's, not the disbursal day's.
 */
export async function disburse(db: Db, orderId: number, actor: string, disbursalDate: IsoDate, today: IsoDate = disbursalDate): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== OrderStatus.APPROVED) {
      throw new AppError(Code.CONFLICT, `Only an approved order can be disbursed (this one is ${order.status})`);
    }
    const approved = await approvedOn(tx, order.id);
    assertBusinessDate(disbursalDate, today, {
      field: 'disbursalDate',
      notBefore: approved ? { date: approved, what: 'the approval' } : undefined,
    });
    // Inside the transaction use its handle: PGlite has one connection, and the outer one would wait forever.
    const { product } = await loadProduct(tx, order.productId);
    const quote = quoteLoan(product, order.amount, disbursalDate);
    const opened = openLoan(quote, order.borrowerKind === 'repeat' ? 'repeat' : 'new');
    await writeJournal(tx, order.id, disbursalJournal(opened, quote.netProceeds, disbursalDate));
    const state = accruePenaltiesTo(opened, today);
    await writeJournal(tx, order.id, changeJournal(opened, state, today, 'disbursed back-dated: brought up to today'));
    const status = statusFor(state, today);
    await tx
      .update(loanOrders)
      .set({ loanState: json(state), quote: json(quote), disbursedOn: disbursalDate, dueDate: dueDateOf(state), updatedAt: sql`now()` })
      .where(eq(loanOrders.id, order.id));
    await changeStatus(tx, order, OrderStatus.REPAYING, { actor, businessDate: disbursalDate });
    if (status !== OrderStatus.REPAYING) {
      await changeStatus(tx, { ...order, status: OrderStatus.REPAYING }, status, { actor: 'system', businessDate: today });
    }
    return { ...order, status };
  });
}

/**
 * Brings one loan to `today`: penalties accrued and the status set as close of business would
 * leave them. Used when a single loan must be current now (demo data, a borrower's read after a
 * missed close of business); safe to repeat.
 */
export async function bringUpToDate(db: Db, orderId: number, today: IsoDate): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order.loanState) return order;
    const before = loanStateOf(order);
    const after = accruePenaltiesTo(before, today);
    await writeJournal(tx, order.id, changeJournal(before, after, today, 'penalties brought up to date'));
    const status = statusFor(after, today);
    await tx
      .update(loanOrders)
      .set({ loanState: json(after), dueDate: dueDateOf(after), updatedAt: sql`now()` })
      .where(eq(loanOrders.id, order.id));
    await changeStatus(tx, order, status, { actor: 'system', businessDate: today });
    return { ...order, status, loanState: json(after) };
  });
}
