/**
 * Test-only factories and fast-check arbitraries for the loan engine's tests. Not exported
 * from index.ts; nothing outside the tests imports it.
 */
import fc from 'fast-check';
import { addDays, type IsoDate } from './dates';
import { type BorrowerKind, type LoanState, openLoan } from './loan-state';
import { DEFAULT_PENALTY_TIERS, type LoanProduct, type LoanProductInput, PREPAYMENT_RULE, parseLoanProduct } from './product';
import { quoteLoan } from './quote';

/** A valid product (demo product 1's figures) with overrides, validated like production config. */
export function makeProduct(overrides: Partial<LoanProductInput> = {}): LoanProduct {
  const check = parseLoanProduct({
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
  });
  if (!check.ok) throw new Error(`bad test product: ${check.errors.join('; ')}`);
  return check.product;
}

export function makeLoan(
  overrides: Partial<LoanProductInput> = {},
  options: { amount?: number; disbursalDate?: IsoDate; borrower?: BorrowerKind } = {},
): LoanState {
  const product = makeProduct(overrides);
  const quote = quoteLoan(product, options.amount ?? product.minAmount, options.disbursalDate ?? '2025-01-01');
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
      fc.tuple(...[1, ...starts.sort((a, b) => a - b)].map((fromDay) => fc.record({ fromDay: fc.constant(fromDay), monthlyBps: fc.integer({ min: 0, max: 2_000 }) }))),
    ),
);

/** Random valid products, biased so many fall inside BSP Circular 1133 (≤ ₱10,000, ≤ 120 days). */
export const productArb: fc.Arbitrary<LoanProduct> = fc
  .oneof(fc.integer({ min: 91, max: 120 }), fc.integer({ min: 91, max: 365 }))
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
        fc.record({ minDaysAfterDisbursal: fc.integer({ min: 7, max: 365 }), minTermShareBps: fc.integer({ min: 5_000, max: 10_000 }) }),
      ),
    }),
  )
  .map(({ steps, ...p }) => makeProduct({ ...p, maxAmount: p.minAmount + steps * p.amountStep }));

export const dateArb: fc.Arbitrary<IsoDate> = fc.integer({ min: 0, max: 3_650 }).map((n) => addDays('2024-01-01', n));

/** A product with an amount it allows, a disbursal date and a borrower kind. */
export const loanArb = productArb.chain((product) =>
  fc.record({
    product: fc.constant(product),
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
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), gap: gapArb, share: fc.integer({ min: 0, max: 7_000 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('extend' as const), gap: gapArb, extra: fc.integer({ min: 0, max: 50_000 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('prepay' as const), gap: gapArb, extra: fc.integer({ min: 0, max: 50_000 }) }) },
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
