/**
 * Internal rate of return of a loan's cash flows, used for the effective interest rate.
 * Rates are per 30-day month and compound every 30 days, matching the way the terms and
 * BSP Circular 1133 state monthly ceilings.
 */
export interface CashFlow {
  /** Days after disbursal. */
  day: number;
  /** Positive when the lender receives money, negative when it pays out. */
  amount: number;
}

const DAYS_PER_MONTH = 30;

export function presentValue(flows: readonly CashFlow[], monthlyRate: number): number {
  let total = 0;
  for (const flow of flows) total += flow.amount / (1 + monthlyRate) ** (flow.day / DAYS_PER_MONTH);
  return total;
}

/**
 * The monthly rate at which the flows are worth nothing today, by bisection. Expects the
 * lender's money out first and the borrower's payments after it, so the present value falls
 * as the rate rises and there is one root at or above zero. A fixed iteration count keeps it
 * deterministic; 200 halvings pin the rate far below a basis point.
 */
export function monthlyIrr(flows: readonly CashFlow[]): number {
  if (presentValue(flows, 0) <= 0) return 0;
  let low = 0;
  let high = 1;
  while (presentValue(flows, high) > 0) {
    if (high > 1e18) throw new RangeError('no monthly rate below 1e18 prices these flows');
    low = high;
    high *= 2;
  }
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (presentValue(flows, mid) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** A rate (0.0123) in basis points, half-up (123). */
export function toBps(rate: number): number {
  return Math.floor(rate * 10_000 + 0.5);
}
