/** architecture.md: Order states: loan order states. */
export const OrderStatus = {
  REVIEW: 21,
  REJECTED: 151,
  APPROVED: 110,
  REPAYING: 170,
  DUE: 174,
  OVERDUE: 180,
  SETTLED: 200,
} as const;

export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];

/** A loan paid out and not yet settled: repaying, due or overdue. */
export const RUNNING_STATUSES: readonly number[] = [OrderStatus.REPAYING, OrderStatus.DUE, OrderStatus.OVERDUE];

/** The statuses in which an application or loan is open: it counts against the borrower's exposure. */
export const OPEN_STATUSES = [
  OrderStatus.REVIEW,
  OrderStatus.APPROVED,
  OrderStatus.REPAYING,
  OrderStatus.DUE,
  OrderStatus.OVERDUE,
];

export const ORDER_STATUSES: readonly OrderStatusCode[] = Object.values(OrderStatus);

export const orderStatusText: Record<OrderStatusCode, string> = {
  21: 'Under review',
  151: 'Rejected',
  110: 'Approved, disbursing',
  170: 'Repaying',
  174: 'Due',
  180: 'Overdue',
  200: 'Settled',
};

export function isOrderStatus(value: number): value is OrderStatusCode {
  return (ORDER_STATUSES as readonly number[]).includes(value);
}
