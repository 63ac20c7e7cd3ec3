import { assertCentavos, type Centavos } from './money';

/** spec 001 §9: after maturity a payment goes to these buckets in exactly this order. */
export const AFTER_MATURITY_ORDER = [
  'legalCharges',
  'enforcementCosts',
  'penalties',
  'fees',
  'interest',
  'principal',
] as const;
/** Before maturity nothing can be late, so only fees, interest and principal are payable. */
export const BEFORE_MATURITY_ORDER = ['fees', 'interest', 'principal'] as const;

export type Bucket = (typeof AFTER_MATURITY_ORDER)[number];
export type Buckets = Record<Bucket, Centavos>;
export type Phase = 'before-maturity' | 'after-maturity';

export interface Allocation {
  /** What the payment paid off in each bucket. */
  applied: Buckets;
  /** What each bucket still holds afterwards. */
  remaining: Buckets;
  /** The part of the payment nothing was owed against: kept for the borrower, never lost. */
  credit: Centavos;
}

export function zeroBuckets(): Buckets {
  return { legalCharges: 0, enforcementCosts: 0, penalties: 0, fees: 0, interest: 0, principal: 0 };
}

export function bucketTotal(buckets: Buckets): Centavos {
  return AFTER_MATURITY_ORDER.reduce((total, bucket) => total + buckets[bucket], 0);
}

/**
 * Spreads a payment over the balances in the order of the phase; what is left becomes credit.
 * Before maturity the late buckets are not touched (they are zero then: nothing can be late
 * before the first due date), so a stray figure there is kept, never paid out of order.
 */
export function allocatePayment(balances: Buckets, payment: Centavos, phase: Phase): Allocation {
  assertCentavos(payment, 'payment');
  for (const bucket of AFTER_MATURITY_ORDER) assertCentavos(balances[bucket], bucket);
  const applied = zeroBuckets();
  const remaining = { ...balances };
  let left = payment;
  for (const bucket of phase === 'after-maturity' ? AFTER_MATURITY_ORDER : BEFORE_MATURITY_ORDER) {
    const part = Math.min(left, remaining[bucket]);
    applied[bucket] = part;
    remaining[bucket] -= part;
    left -= part;
  }
  return { applied, remaining, credit: left };
}
