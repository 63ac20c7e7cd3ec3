import { daysBetween, firstUnpaidIndex, type IsoDate, isSettled, type LoanState } from '../../domain/loan';
import { OrderStatus, type OrderStatusCode } from '../../../shared/order-status';

/** architecture.md: Order states: the transitions the state table allows; anything else is refused. */
export const ALLOWED: Record<OrderStatusCode, readonly OrderStatusCode[]> = {
  21: [110, 151],
  151: [],
  // An approved order ends unlent when the borrower declines terms that changed before disbursal.
  110: [170, 151],
  170: [174, 180, 200],
  174: [170, 180, 200],
  180: [170, 174, 200],
  // A reversed payment (a provider chargeback or a finance reversal) can reopen a settled loan.
  200: [170, 174, 180],
};

export function canTransition(from: number, to: number): boolean {
  return (ALLOWED[from as OrderStatusCode] ?? []).includes(to as OrderStatusCode);
}

/** architecture.md: Order states: the repayment window opens 3 days before the due date. */
export const REPAYMENT_WINDOW_DAYS = 3;

/** The status a disbursed loan has on `today`, from its state alone. */
export function statusFor(state: LoanState, today: IsoDate): OrderStatusCode {
  if (isSettled(state)) return OrderStatus.SETTLED;
  const due = dueDateOf(state);
  if (!due) return OrderStatus.SETTLED;
  if (daysBetween(due, today) > 0) return OrderStatus.OVERDUE;
  if (daysBetween(today, due) <= REPAYMENT_WINDOW_DAYS) return OrderStatus.DUE;
  return OrderStatus.REPAYING;
}

/** Due date of the first installment not yet covered. */
export function dueDateOf(state: LoanState): IsoDate | null {
  const index = firstUnpaidIndex(state);
  return index < 0 ? null : (state.installments[index]?.dueDate ?? null);
}
