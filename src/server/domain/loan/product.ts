import { z } from 'zod';
import { DEFAULT_LENDER_LIMITS, type LenderLimits } from './limits';
import type { Centavos } from './money';

/** spec 001 §9 "Loan terms content": the loan term is 91 to 365 calendar days. */
export const TERM_DAYS_MIN = 91;
export const TERM_DAYS_MAX = 365;
/** A sanity bound (₱100,000,000) far above any cash loan, so products cannot overflow. */
export const MAX_AMOUNT = 10_000_000_000;
/** How many terms one product may offer the borrower to choose from. */
export const TERM_OPTIONS_MAX = 6;

/**
 * spec 001 §9: late interest of 5% on overdue days 1–30, 4% on 31–90, 2% from day 91. We read
 * each figure as a rate per 30-day month, accrued daily as rate ÷ 30 (docs/loan-engine.md).
 */
export const DEFAULT_PENALTY_TIERS: readonly PenaltyTier[] = [
  { fromDay: 1, monthlyBps: 500 },
  { fromDay: 31, monthlyBps: 400 },
  { fromDay: 91, monthlyBps: 200 },
];
/** spec 001 §9: the one-off default charge, ₱1,000 for new and ₱800 for repeat borrowers. */
export const DEFAULT_CHARGE_NEW = 100_000;
export const DEFAULT_CHARGE_REPEAT = 80_000;
/**
 * Early payoff is open from the day of disbursal: paid in full before the due date, the loan
 * costs interest only to the day of payment. spec 001 §9 allowed it only after half the term and
 * 7 days; the lender chose the borrower's side. A product may still set a lock-in (days, or a
 * share of the term, the later of the two); until it ends, paying in full costs the whole
 * scheduled interest, and the confirm page and every repay page say so and how much.
 */
export const PREPAYMENT_RULE = { minDaysAfterDisbursal: 0, minTermShareBps: 0 } as const;

export interface PenaltyTier {
  /** First overdue day (1 = the day after the due date) the rate applies to. */
  fromDay: number;
  /** Rate per 30-day month in basis points of the unpaid amount due. */
  monthlyBps: number;
}

const whole = (min: number, max: number) =>
  z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const tierSchema = z.object({ fromDay: whole(1, 100_000), monthlyBps: whole(0, 10_000) });

/**
 * The loan engine's product configuration (the `terms` column of a product). Figures that
 * the published terms fix have defaults; a product may be stricter than the terms, never looser.
 */
export const loanProductSchema = z.object({
  minAmount: whole(1, MAX_AMOUNT),
  maxAmount: whole(1, MAX_AMOUNT),
  amountStep: whole(1, MAX_AMOUNT),
  /** The term a quote has unless the borrower chose another of `termOptions`. */
  termDays: whole(TERM_DAYS_MIN, TERM_DAYS_MAX),
  /**
   * Every term the borrower may choose, in days, shortest first, `termDays` among them; absent
   * (as in products made before terms could be chosen): `termDays` alone. Each term is split
   * into the same number of `periods`.
   */
  termOptions: z
    .array(whole(TERM_DAYS_MIN, TERM_DAYS_MAX))
    .min(1, 'needs at least one term')
    .max(TERM_OPTIONS_MAX, `at most ${TERM_OPTIONS_MAX} terms`)
    .readonly()
    .optional(),
  periods: whole(1, TERM_DAYS_MAX),
  dailyInterestBps: whole(0, 1_000),
  serviceFeeBps: whole(0, 5_000),
  extensionFeeBps: whole(0, 10_000),
  extensionAllowed: z.boolean(),
  defaultChargeNew: whole(0, MAX_AMOUNT).default(DEFAULT_CHARGE_NEW),
  defaultChargeRepeat: whole(0, MAX_AMOUNT).default(DEFAULT_CHARGE_REPEAT),
  penaltyTiers: z
    .array(tierSchema)
    .min(1, 'needs at least one tier')
    .default(() => DEFAULT_PENALTY_TIERS.map((tier) => ({ ...tier }))),
  /** The lock-in, if any: no rebate of unearned interest before the later of these. */
  prepayment: z
    .object({
      minDaysAfterDisbursal: whole(PREPAYMENT_RULE.minDaysAfterDisbursal, TERM_DAYS_MAX),
      minTermShareBps: whole(PREPAYMENT_RULE.minTermShareBps, 10_000),
    })
    .default(() => ({ ...PREPAYMENT_RULE })),
});

export type LoanProduct = z.output<typeof loanProductSchema>;
export type LoanProductInput = z.input<typeof loanProductSchema>;
export type ProductCheck = { ok: true; product: LoanProduct } | { ok: false; errors: string[] };

/**
 * Validates a product configuration and lists every problem as "field: message". Besides its own
 * rules a product must stay within the lender limits, which bind where no regulation does.
 */
export function parseLoanProduct(input: unknown, limits: LenderLimits = DEFAULT_LENDER_LIMITS): ProductCheck {
  const parsed = loanProductSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'product'}: ${i.message}`) };
  }
  const errors = [...crossFieldErrors(parsed.data), ...limitErrors(parsed.data, limits)];
  return errors.length > 0 ? { ok: false, errors } : { ok: true, product: parsed.data };
}

/**
 * Where a product goes beyond the lender limits. The total cost is checked on the scheduled
 * interest of a full-term loan on the declining balance (equal principal per period) plus the
 * service fee; the engine still holds every loan to it exactly, penalties and extensions included.
 */
export function limitErrors(p: LoanProduct, limits: LenderLimits): string[] {
  const errors: string[] = [];
  const limit = '(lender limit)';
  if (p.dailyInterestBps > limits.maxDailyInterestBps) {
    errors.push(`dailyInterestBps: must be at most ${limits.maxDailyInterestBps} ${limit}`);
  }
  if (p.serviceFeeBps > limits.maxServiceFeeBps)
    errors.push(`serviceFeeBps: must be at most ${limits.maxServiceFeeBps} ${limit}`);
  if (p.extensionFeeBps > limits.maxServiceFeeBps)
    errors.push(`extensionFeeBps: must be at most ${limits.maxServiceFeeBps} ${limit}`);
  if (p.extensionAllowed && limits.maxRollovers === 0)
    errors.push(`extensionAllowed: the lender limit allows no extensions`);
  // Each term offered is held to the limit; the longest costs the most, so one message is enough.
  for (const termDays of [...termsOffered(p)].reverse()) {
    if (termDays % p.periods !== 0) continue;
    // Equal principal per period: interest = rate × period days × (n + 1) ÷ 2 periods of principal.
    const interestBps = (p.dailyInterestBps * (termDays / p.periods) * (p.periods + 1)) / 2;
    const costBps = interestBps + p.serviceFeeBps;
    if (costBps > limits.maxTotalCostBps) {
      const over = termsOffered(p).length > 1 ? ` over ${termDays} days` : ' over the term';
      errors.push(
        `dailyInterestBps: interest${over} plus the service fee come to ${costBps} bps of the principal, above ${limits.maxTotalCostBps} ${limit}`,
      );
      break;
    }
  }
  return errors;
}

function crossFieldErrors(p: LoanProduct): string[] {
  const errors: string[] = [];
  if (p.minAmount > p.maxAmount) errors.push('maxAmount: must not be below minAmount');
  else if ((p.maxAmount - p.minAmount) % p.amountStep !== 0) {
    errors.push('amountStep: must divide maxAmount − minAmount, so that maxAmount can be borrowed');
  }
  if (p.termDays % p.periods !== 0) errors.push(`periods: must divide termDays (${p.termDays}) into whole days`);
  errors.push(...termOptionErrors(p));
  // Every period must carry at least one centavo of principal, so no installment is interest only.
  if (p.minAmount < p.periods) errors.push('minAmount: must be at least one centavo per period');
  if (p.penaltyTiers[0]?.fromDay !== 1)
    errors.push('penaltyTiers.0.fromDay: the first tier must start on overdue day 1');
  p.penaltyTiers.forEach((tier, i) => {
    const before = p.penaltyTiers[i - 1];
    if (before && tier.fromDay <= before.fromDay)
      errors.push(`penaltyTiers.${i}.fromDay: must be after the tier before`);
  });
  return errors;
}

/** Why an amount cannot be borrowed under a product; empty when it can. */
export function amountErrors(product: LoanProduct, amount: Centavos): string[] {
  if (!Number.isSafeInteger(amount)) return ['amount: must be a whole number of centavos'];
  if (amount < product.minAmount) return [`amount: must be at least ${product.minAmount}`];
  if (amount > product.maxAmount) return [`amount: must be at most ${product.maxAmount}`];
  if ((amount - product.minAmount) % product.amountStep !== 0) {
    return [`amount: must be ${product.minAmount} plus a multiple of ${product.amountStep}`];
  }
  return [];
}

/** Period length in days; the schema guarantees it is whole. */
export function periodDaysOf(product: Pick<LoanProduct, 'termDays' | 'periods'>): number {
  return product.termDays / product.periods;
}

function termOptionErrors(p: LoanProduct): string[] {
  const options = p.termOptions;
  if (!options) return [];
  const errors: string[] = [];
  if (!options.includes(p.termDays)) errors.push(`termOptions: must include termDays (${p.termDays})`);
  options.forEach((days, i) => {
    const before = options[i - 1];
    if (before !== undefined && days <= before) errors.push(`termOptions.${i}: must be longer than the term before`);
    if (days % p.periods !== 0 && days !== p.termDays)
      errors.push(`termOptions.${i}: ${p.periods} periods must divide ${days} days`);
  });
  return errors;
}

/** The terms a borrower may choose under a product, in days, shortest first. */
export function termsOffered(product: Pick<LoanProduct, 'termDays' | 'termOptions'>): readonly number[] {
  return product.termOptions ?? [product.termDays];
}

/** Why a term cannot be chosen under a product; empty when it can. */
export function termErrors(product: Pick<LoanProduct, 'termDays' | 'termOptions'>, termDays: number): string[] {
  const offered = termsOffered(product);
  return offered.includes(termDays) ? [] : [`termDays: must be one of ${offered.join(', ')}`];
}

/** The product priced at one of its terms (its own `termDays` when none is chosen). Throws RangeError on a term it does not offer. */
export function atTerm(product: LoanProduct, termDays: number = product.termDays): LoanProduct {
  const errors = termErrors(product, termDays);
  if (errors.length > 0) throw new RangeError(errors.join('; '));
  return termDays === product.termDays ? product : { ...product, termDays };
}
