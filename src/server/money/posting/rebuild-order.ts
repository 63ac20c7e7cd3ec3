import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntries, loanOrders, payments } from '../../db/schema';
import { type IsoDate, type LoanState, rebuildLoan, type ValueDatedPayment, zeroBuckets } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { Code } from '../../../shared/codes';
import { openingOf, recognisedThrough } from '../close/income-recognition';
import { adjustmentJournal, targetBooks } from '../ledger/journal';
import { CREDIT_PROVIDER } from '../ledger/refund-journal';
import { changeStatus, loanStateOf, type Order, type Tx, writeJournal } from '../loans/order-store';
import { dueDateOf, statusFor } from '../loans/order-status';
import { storedLoanState } from '../loans/stored-state';
import { readWriteOff } from '../write-off/stored-write-off';
import { readAcceptedQuote } from '../loans/stored-quote';

export interface PaymentRow {
  id: number;
  allocation: Record<string, number>;
}

export interface RebuiltOrder {
  status: number;
  state: LoanState;
  /** Every posted payment's allocation after the rebuild, by payment id. */
  payments: Map<number, PaymentRow>;
}

/** A stored payment as the engine takes it: its amount on its value date, and the quote it honours. */
export function valueDatedOf(row: typeof payments.$inferSelect): ValueDatedPayment {
  return {
    id: row.id,
    valueDate: row.valueDate,
    amount: row.amount,
    kind: row.kind === 'extension' ? 'extension' : 'repayment',
    ...(row.honoured ? { honoured: row.honoured } : {}),
    ...(row.provider === CREDIT_PROVIDER ? { source: 'credit' as const } : {}),
  };
}

/** The loan as it stood the moment it was disbursed: the accepted quote, opened for this borrower. */
export function openingStateOf(order: Order): { opening: LoanState; netProceeds: number } {
  if (!order.quote || !order.loanState) throw new AppError(Code.CONFLICT, 'The loan has not been disbursed yet');
  const quote = readAcceptedQuote(order.quote, order);
  return { opening: openingOf(quote, order.borrowerKind), netProceeds: quote.netProceeds };
}

/**
 * Rebuilds a locked order from its opening state and every payment still posted, in value-date
 * order, through the last day already accrued; rewrites the payments' allocations that moved;
 * books the difference between the ledger and the rebuilt books as one balanced journal; and sets
 * the status for `today`. Posting, late confirmation and reversal all end here, so the result
 * never depends on the order in which they happened.
 */
export async function rebuildOrder(
  tx: Tx,
  order: Order,
  today: IsoDate,
  event: { actor: string; memo: string; cause: string; paymentId?: number; valueDate?: IsoDate },
): Promise<RebuiltOrder> {
  const { opening, netProceeds } = openingStateOf(order);
  const current = loanStateOf(order);
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'posted')));
  const rebuilt = rebuildLoan(opening, rows.map(valueDatedOf), current.late.through);
  const byId = new Map<number, PaymentRow>();
  for (const step of rebuilt.steps) {
    const allocation = {
      ...zeroBuckets(),
      ...step.allocation.applied,
      credit: step.allocation.credit,
      extended: step.extended ? 1 : 0,
    };
    byId.set(step.payment.id, { id: step.payment.id, allocation });
    const stored = rows.find((r) => r.id === step.payment.id)?.allocation;
    if (JSON.stringify(stored) !== JSON.stringify(allocation)) {
      await tx.update(payments).set({ allocation }).where(eq(payments.id, step.payment.id));
    }
  }
  const sums = await tx
    .select({
      account: ledgerEntries.account,
      net: sql<string>`sum(${ledgerEntries.debit} - ${ledgerEntries.credit})::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, order.id))
    .groupBy(ledgerEntries.account);
  const booked = new Map(sums.map((s) => [s.account, Number(s.net)]));
  const target = targetBooks(
    opening,
    netProceeds,
    rebuilt.steps,
    rebuilt.state,
    await recognisedThrough(tx, today),
    readWriteOff(order.writeOff, order),
  );
  await writeJournal(tx, order.id, adjustmentJournal(booked, target, today, event.memo), {
    cause: event.cause,
    paymentId: event.paymentId,
    valueDate: event.valueDate,
  });
  const status = statusFor(rebuilt.state, today);
  await tx
    .update(loanOrders)
    .set({
      loanState: storedLoanState(rebuilt.state),
      dueDate: dueDateOf(rebuilt.state),
      extensions: rebuilt.steps.filter((s) => s.extended).length,
      updatedAt: sql`now()`,
    })
    .where(eq(loanOrders.id, order.id));
  await changeStatus(tx, order, status, { actor: event.actor, reason: event.memo, businessDate: today });
  return { status, state: rebuilt.state, payments: byId };
}
