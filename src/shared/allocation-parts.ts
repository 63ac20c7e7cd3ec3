/**
 * A posted payment's allocation holds money buckets in centavos (principal, interest, penalties,
 * fees, credit…) and one marker, `extended` (1 when the payment bought an extension). The marker
 * is not money: it is never summed or shown as pesos.
 */
const MARKERS = new Set(['extended']);

/** The money parts of an allocation that are not zero, in stored order. */
export function allocationParts(allocation: Record<string, number>): { name: string; amount: number }[] {
  return Object.entries(allocation)
    .filter(([name, amount]) => !MARKERS.has(name) && amount !== 0)
    .map(([name, amount]) => ({ name, amount }));
}

/** Whether the payment bought an extension. */
export const isExtension = (allocation: Record<string, number>) => allocation.extended === 1;
