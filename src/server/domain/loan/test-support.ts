/**
 * Test-only factories and fast-check arbitraries for the loan engine's tests. Not exported
 * from index.ts; nothing outside the tests imports it.
 */
import fc from 'fast-check';
import { addDays, type IsoDate } from './dates';
import { DEFAULT_LENDER_LIMITS, type LenderLimits } from './limits';
import { type BorrowerKind, type LoanState, openLoan } from './loan-state';
import {
  DEFAULT_PENALTY_TIERS,
  type LoanProduct,
  type LoanProductInput,
  PREPAYMENT_RULE,
  parseLoanProduct,
} from './product';
import { type LoanQuote, quoteLoan, type StoredQuote } from './quote';

/**
 * Lender limits far above anything a test product asks, so tests of other rules are not held by
 * them. Tests of the limits pass DEFAULT_LENDER_LIMITS or their own.
 */
export const LOOSE_LIMITS: LenderLimits = Object.freeze({
  maxDailyInterestBps: 1_000,
  maxServiceFeeBps: 10_000,
  maxTotalCostBps: 1_000_000,
  maxRollovers: 1_000,
  maxDefaultChargeShareBps: 1_000_000,
});

/** A valid product (demo product 1's figures) with overrides, validated like production config. */
export function makeProduct(
  overrides: Partial<LoanProductInput> = {},
  limits: LenderLimits = LOOSE_LIMITS,
): LoanProduct {
  const check = parseLoanProduct(
    {
      minAmount: 300_000,
      maxAmount: 1_000_000,
      amountStep: 50_000,
      termDays: 91,
      periods: 1,
      dailyInterestBps: 15,
      serviceFeeBps: 300,
      extensionFeeBps: 200,
      extensionAllowed: true,
      ...overrides,
    },
    limits,
  );
  if (!check.ok) throw new Error(`bad test product: ${check.errors.join('; ')}`);
  return check.product;
}

export function makeLoan(
  overrides: Partial<LoanProductInput> = {},
  options: { amount?: number; disbursalDate?: IsoDate; borrower?: BorrowerKind; limits?: LenderLimits } = {},
): LoanState {
  const limits = options.limits ?? LOOSE_LIMITS;
  const product = makeProduct(overrides, limits);
  const quote = quoteLoan(product, options.amount ?? product.minAmount, options.disbursalDate ?? '2025-01-01', limits);
  return openLoan(quote, options.borrower ?? 'new');
}

function divisors(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1).filter((d) => n % d === 0);
}

const tiersArb = fc.oneof(
  fc.constant(DEFAULT_PENALTY_TIERS.map((t) => ({ ...t }))),
  fc
    .uniqueArray(fc.integer({ min: 2, max: 400 }), { maxLength: 4 })
    .chain((starts) =>
      fc.tuple(
        ...[1, ...starts.sort((a, b) => a - b)].map((fromDay) =>
          fc.record({ fromDay: fc.constant(fromDay), monthlyBps: fc.integer({ min: 0, max: 2_000 }) }),
        ),
      ),
    ),
);

/** Random valid products, biased so many fall inside the regimes (≤ ₱10,000, ≤ four calendar months). */
export const productArb: fc.Arbitrary<LoanProduct> = fc
  .oneof(fc.integer({ min: 91, max: 123 }), fc.integer({ min: 91, max: 365 }))
  .chain((termDays) =>
    fc.record({
      termDays: fc.constant(termDays),
      // Mostly the few periods real products use, sometimes any divisor up to daily periods.
      periods: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...divisors(termDays).filter((d) => d <= 12)) },
        { weight: 1, arbitrary: fc.constantFrom(...divisors(termDays)) },
      ),
      minAmount: fc.oneof(fc.integer({ min: 365, max: 1_000_000 }), fc.integer({ min: 365, max: 50_000_000 })),
      steps: fc.integer({ min: 0, max: 30 }),
      amountStep: fc.integer({ min: 1, max: 200_000 }),
      dailyInterestBps: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 1_000 })),
      serviceFeeBps: fc.integer({ min: 0, max: 5_000 }),
      extensionFeeBps: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 10_000 })),
      extensionAllowed: fc.boolean(),
      defaultChargeNew: fc.integer({ min: 0, max: 200_000 }),
      defaultChargeRepeat: fc.integer({ min: 0, max: 200_000 }),
      penaltyTiers: tiersArb,
      prepayment: fc.oneof(
        fc.constant({ ...PREPAYMENT_RULE }),
        fc.record({
          minDaysAfterDisbursal: fc.integer({ min: 7, max: 365 }),
          minTermShareBps: fc.integer({ min: 5_000, max: 10_000 }),
        }),
      ),
    }),
  )
  .map(({ steps, ...p }) => makeProduct({ ...p, maxAmount: p.minAmount + steps * p.amountStep }));

/** Opens the loan of a `loanArb` value, quoted under its limits. */
export function openArbLoan(loan: {
  product: LoanProduct;
  amount: number;
  disbursalDate: IsoDate;
  borrower: BorrowerKind;
  limits: LenderLimits;
}): LoanState {
  return openLoan(quoteLoan(loan.product, loan.amount, loan.disbursalDate, loan.limits), loan.borrower);
}

/** Dates over ten years, often near the regime change of 2026-04-01. */
export const dateArb: fc.Arbitrary<IsoDate> = fc.oneof(
  fc.integer({ min: 0, max: 3_650 }).map((n) => addDays('2024-01-01', n)),
  fc.integer({ min: -150, max: 30 }).map((n) => addDays('2026-04-01', n)),
);

/** Lender limits: the defaults, loose ones, or any within the configuration's bounds. */
export const limitsArb: fc.Arbitrary<LenderLimits> = fc.oneof(
  fc.constant(DEFAULT_LENDER_LIMITS),
  fc.constant(LOOSE_LIMITS),
  fc.record({
    maxDailyInterestBps: fc.integer({ min: 0, max: 1_000 }),
    maxServiceFeeBps: fc.integer({ min: 0, max: 5_000 }),
    maxTotalCostBps: fc.integer({ min: 0, max: 100_000 }),
    maxRollovers: fc.integer({ min: 0, max: 5 }),
    maxDefaultChargeShareBps: fc.integer({ min: 0, max: 10_000 }),
  }),
);

/**
 * A product with an amount it allows, a disbursal date, a borrower kind and the lender limits to
 * quote under. The product is validated against loose limits only, so quoting under `limits` also
 * exercises the engine's own capping of figures beyond them.
 */
export const loanArb = productArb.chain((product) =>
  fc.record({
    product: fc.constant(product),
    limits: limitsArb,
    amount: fc
      .integer({ min: 0, max: (product.maxAmount - product.minAmount) / product.amountStep })
      .map((k) => product.minAmount + k * product.amountStep),
    disbursalDate: dateArb,
    borrower: fc.constantFrom<BorrowerKind>('new', 'repeat'),
  }),
);

/** What can happen to a loan between two days; `gap` is days after the previous event. */
export type LoanEvent =
  | { kind: 'pay'; gap: number; share: number }
  | { kind: 'extend'; gap: number; extra: number }
  | { kind: 'prepay'; gap: number; extra: number }
  | { kind: 'charge'; gap: number; charge: 'legalCharges' | 'enforcementCosts'; amount: number };

const gapArb = fc.integer({ min: 0, max: 90 });
export const eventsArb: fc.Arbitrary<LoanEvent[]> = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('pay' as const),
        gap: gapArb,
        share: fc.integer({ min: 0, max: 7_000 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extend' as const),
        gap: gapArb,
        extra: fc.integer({ min: 0, max: 50_000 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('prepay' as const),
        gap: gapArb,
        extra: fc.integer({ min: 0, max: 50_000 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('charge' as const),
        gap: gapArb,
        charge: fc.constantFrom('legalCharges' as const, 'enforcementCosts' as const),
        amount: fc.integer({ min: 0, max: 500_000 }),
      }),
    },
  ),
  { maxLength: 12 },
);

/** A quote as stored before the regime table: `bsp1133` instead of `ceiling`, the shorter disclosure of then. */
export function legacyStoredQuote(fresh: LoanQuote): StoredQuote {
  const { ceiling: _c, limits: _l, ...oldTerms } = fresh.terms;
  const { ceiling: _q, ...rest } = fresh;
  const d = fresh.disclosure;
  return JSON.parse(
    JSON.stringify({
      ...rest,
      terms: { ...oldTerms, bsp1133: true },
      bsp1133: { covered: true, applied: [] },
      disclosure: {
        principal: d.principal,
        amountFinanced: d.amountFinanced,
        netProceeds: d.netProceeds,
        financeCharges: d.financeCharges,
        totalFinanceCharge: d.totalFinanceCharge,
        totalOfPayments: d.totalOfPayments,
        schedule: d.schedule,
        effectiveRate: { monthlyBps: d.effectiveRate.monthlyBps, annualBps: d.effectiveRate.monthlyTimes12Bps },
      },
    }),
  ) as StoredQuote;
}
