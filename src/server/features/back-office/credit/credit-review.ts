import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import type { review } from '../../../../shared/contracts/credit-review';
import type { CallReply } from '../../../../shared/api/define-call';
import { isOrderStatus, OrderStatus, orderStatusText, RUNNING_STATUSES } from '../../../../shared/order-status';
import type { Db } from '../../../db/client';
import { creditNotes, loanOrders, orderEvents } from '../../../db/schema';
import type { IsoDate } from '../../../domain/loan';
import { AppError } from '../../../http/app-error';
import { payoffOf, readLoanState, stateOn } from '../../../money';
import { hasSignalFlag } from '../../../duplicate-signals/flags';
import { duplicateSignals } from '../../../duplicate-signals/signals';
import { type OrderPage, ordersInStatus, pageOfOrders } from './order-queue';

const DECIDED: readonly number[] = [OrderStatus.APPROVED, OrderStatus.REJECTED];

/** What a borrower already owes: loans paid out and not settled (their payoff today) and loans approved and waiting (their principal). */
export function exposureOf(
  orders: readonly (typeof loanOrders.$inferSelect)[],
  today: IsoDate,
): { openLoans: number; outstanding: number } {
  let openLoans = 0;
  let outstanding = 0;
  for (const order of orders) {
    if (RUNNING_STATUSES.includes(order.status) && order.loanState) {
      openLoans += 1;
      outstanding += payoffOf(stateOn({ loanState: readLoanState(order.loanState, order) }, today));
    } else if (order.status === OrderStatus.APPROVED) {
      openLoans += 1;
      outstanding += order.amount;
    }
  }
  return { openLoans, outstanding };
}

/** The credit desk's review of an application in review (21). */
export async function creditReview(db: Db, orderId: number, today: IsoDate): Promise<CallReply<typeof review>> {
  const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  if (!order) throw new AppError(Code.NOT_FOUND, 'The application was not found');
  const [queued] = await ordersInStatus(db, OrderStatus.REVIEW, orderId);
  if (!queued) throw new AppError(Code.CONFLICT, `${order.orderNo} is not waiting for a credit decision`);
  const others = await db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, order.borrowerId), ne(loanOrders.id, orderId)))
    .orderBy(desc(loanOrders.id));
  const mine = [order, ...others];
  const events = await db
    .select({ event: orderEvents, orderNo: loanOrders.orderNo })
    .from(orderEvents)
    .innerJoin(loanOrders, eq(loanOrders.id, orderEvents.orderId))
    .where(
      and(
        inArray(
          orderEvents.orderId,
          mine.map((o) => o.id),
        ),
        inArray(orderEvents.toStatus, [...DECIDED]),
      ),
    )
    .orderBy(desc(orderEvents.id));
  const notes = await db
    .select({ note: creditNotes, orderNo: loanOrders.orderNo })
    .from(creditNotes)
    .innerJoin(loanOrders, eq(loanOrders.id, creditNotes.orderId))
    .where(
      inArray(
        creditNotes.orderId,
        mine.map((o) => o.id),
      ),
    )
    .orderBy(desc(creditNotes.id));
  return {
    order: queued,
    borrowerId: order.borrowerId,
    signals: (await duplicateSignals(db, [order.borrowerId])).get(order.borrowerId) ?? [],
    exposure: exposureOf(others, today),
    otherLoans: others.map((o) => ({
      orderNo: o.orderNo,
      status: o.status,
      statusText: isOrderStatus(o.status) ? orderStatusText[o.status] : String(o.status),
      amount: o.amount,
      createdAt: o.createdAt.toISOString(),
    })),
    decisions: events.map(({ event, orderNo }) => ({
      orderNo,
      status: event.toStatus,
      actor: event.actor,
      reason: event.reason,
      at: event.createdAt.toISOString(),
    })),
    internalNotes: notes.map(({ note, orderNo }) => ({
      orderNo,
      actor: note.actor,
      note: note.note,
      at: note.createdAt.toISOString(),
    })),
  };
}

/** The applications queue (21), each with how many duplicate signals it carries and what its borrower already owes. */
export async function applicationsQueue(
  db: Db,
  today: IsoDate,
  { onlySignals, ...page }: Omit<OrderPage, 'where'> & { onlySignals: boolean },
) {
  const { list: queue, total } = await pageOfOrders(db, OrderStatus.REVIEW, {
    ...page,
    // The filter reads the flags kept by the savers; each row's count below is read live.
    where: onlySignals ? hasSignalFlag(loanOrders.borrowerId) : undefined,
  });
  if (queue.length === 0) return { list: [], total };
  const borrowerIds = [...new Set(queue.map((o) => o.borrowerId))];
  const [signals, open] = await Promise.all([
    duplicateSignals(db, borrowerIds),
    db
      .select()
      .from(loanOrders)
      .where(
        and(
          inArray(loanOrders.borrowerId, borrowerIds),
          inArray(loanOrders.status, [...RUNNING_STATUSES, OrderStatus.APPROVED]),
        ),
      ),
  ]);
  const list = queue.map((order) => ({
    ...order,
    signals: signals.get(order.borrowerId)?.length ?? 0,
    outstanding: exposureOf(
      open.filter((o) => o.borrowerId === order.borrowerId),
      today,
    ).outstanding,
  }));
  return { list, total };
}
