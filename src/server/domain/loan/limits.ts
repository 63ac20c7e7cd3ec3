import { z } from 'zod';

/**
 * The lender's own limits for loans outside the small-loan circulars (more than ₱10,000, or a
 * term past four calendar months), where no regulation caps the price. Products are validated
 * against them, and a quote freezes them into the loan's terms so configuration changes never
 * reprice a running loan.
 */
export interface LenderLimits {
  /** Nominal interest a day, in basis points of the outstanding principal. */
  maxDailyInterestBps: number;
  /** Each fee (service fee, extension fee), in basis points of the principal it is charged on. */
  maxServiceFeeBps: number;
  /** Interest, fees, penalties and other charges over the loan's life, in basis points of the principal. */
  maxTotalCostBps: number;
  /** Extensions (rollovers) one loan may have. */
  maxRollovers: number;
  /** The one-off default charge, in basis points of the amount due on the first overdue day. */
  maxDefaultChargeShareBps: number;
}

/**
 * Conservative defaults (docs/loan-engine.md "Lender limits"): the small-loan figures of the
 * circulars carried over to larger and longer loans (6% a month nominal, total cost at most the
 * principal), fees of at most 5%, one extension as the loan agreement states, and a default charge
 * of at most 10% of what is late.
 */
export const DEFAULT_LENDER_LIMITS: Readonly<LenderLimits> = Object.freeze({
  maxDailyInterestBps: 20,
  maxServiceFeeBps: 500,
  maxTotalCostBps: 10_000,
  maxRollovers: 1,
  maxDefaultChargeShareBps: 1_000,
});

const whole = (max: number) =>
  z.number().int('must be a whole number').min(0, 'must be at least 0').max(max, `must be at most ${max}`);

/** The bounds a configured limit must stay within (the product schema's own sanity bounds). */
export const lenderLimitsSchema = z.object({
  maxDailyInterestBps: whole(1_000),
  maxServiceFeeBps: whole(5_000),
  maxTotalCostBps: whole(100_000),
  maxRollovers: whole(100),
  maxDefaultChargeShareBps: whole(10_000),
});
