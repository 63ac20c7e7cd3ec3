/** A loan in collection as the dealing sees it. */
export interface Dealable {
  orderId: number;
  daysPastDue: number;
  /** Its collector now, or null. */
  staffId: number | null;
}

export interface Deal {
  orderId: number;
  staffId: number;
  reason: 'dealt' | 'rebalanced';
}

/**
 * Which loans change collector: a loan keeps a collector who is at work; a new loan, or one whose
 * collector is away or no longer collects, goes to the collector at work with the fewest loans
 * (ties: the lower staff id), the latest loans first so the hardest cases spread evenly. With no
 * collector at work nothing moves.
 */
export function dealLoans(loans: readonly Dealable[], atWork: readonly number[]): Deal[] {
  if (atWork.length === 0) return [];
  const load = new Map(atWork.map((id) => [id, 0]));
  for (const loan of loans) {
    if (loan.staffId !== null && load.has(loan.staffId)) load.set(loan.staffId, (load.get(loan.staffId) ?? 0) + 1);
  }
  const waiting = loans
    .filter((loan) => loan.staffId === null || !load.has(loan.staffId))
    .sort((a, b) => b.daysPastDue - a.daysPastDue || a.orderId - b.orderId);
  return waiting.map((loan) => {
    const [staffId] = [...load.entries()].sort(([a, na], [b, nb]) => na - nb || a - b)[0] ?? [];
    if (staffId === undefined) throw new Error('no collector at work');
    load.set(staffId, (load.get(staffId) ?? 0) + 1);
    return { orderId: loan.orderId, staffId, reason: loan.staffId === null ? 'dealt' : 'rebalanced' };
  });
}
