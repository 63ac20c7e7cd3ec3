import { z } from 'zod';
import { defineCall } from '../api/define-call';

/** spec 001 §2.4, §9: the figures of the loan terms, read from the product the engine lends by. */
export const loanTerms = defineCall({
  name: 'loanTerms.terms',
  method: 'GET',
  path: '/v3/public/loan-terms',
  auth: false,
  success: 0,
  summary: 'The loan terms and conditions figures for a product (default: the first)',
  request: z.object({ productId: z.coerce.number().int().positive().optional() }),
  reply: z.object({
    productName: z.string(),
    lender: z.string(),
    minAmount: z.number().int(),
    maxAmount: z.number().int(),
    termDays: z.number().int(),
    periods: z.number().int(),
    dailyInterestBps: z.number().int(),
    serviceFeeBps: z.number().int(),
    extensionFeeBps: z.number().int(),
    extensionAllowed: z.boolean(),
    defaultChargeNew: z.number().int(),
    defaultChargeRepeat: z.number().int(),
    penaltyTiers: z.array(
      z.object({ fromDay: z.number().int(), toDay: z.number().int().nullable(), monthlyBps: z.number().int() }),
    ),
    prepayment: z.object({ minDaysAfterDisbursal: z.number().int(), minTermSharePercent: z.number() }),
    /**
     * The small-loan ceilings in force today (BSP Circular 1133 until 2026-03-31, SEC MC No. 14 s.2025
     * from 2026-04-01; `source` names it), and whether some amount of the product is in their scope.
     * The key keeps its first name for the clients that read it.
     */
    bsp1133: z.object({
      applies: z.boolean(),
      source: z.string(),
      nominalMonthlyPercent: z.number(),
      effectiveMonthlyPercent: z.number(),
      lateMonthlyPercent: z.number(),
      totalCostPercent: z.number(),
    }),
  }),
});
