import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AFTER_MATURITY_ORDER,
  allocatePayment,
  BEFORE_MATURITY_ORDER,
  type Buckets,
  bucketTotal,
  zeroBuckets,
} from './allocation';

const balances: Buckets = {
  legalCharges: 1_000,
  enforcementCosts: 2_000,
  penalties: 3_000,
  fees: 4_000,
  interest: 5_000,
  principal: 6_000,
};

describe('payment allocation', () => {
  it('spec 001 §9: after maturity, legal charges, enforcement costs, penalties, fees, interest, principal', () => {
    // 12,500 = 1,000 legal + 2,000 enforcement + 3,000 penalties + 4,000 fees + 2,500 of the interest
    const result = allocatePayment(balances, 12_500, 'after-maturity');
    expect(result.applied).toEqual({
      legalCharges: 1_000,
      enforcementCosts: 2_000,
      penalties: 3_000,
      fees: 4_000,
      interest: 2_500,
      principal: 0,
    });
    expect(result.remaining).toEqual({ ...zeroBuckets(), interest: 2_500, principal: 6_000 });
    expect(result.credit).toBe(0);
  });

  it('spec 001 §9: before maturity, fees, interest, principal; the overpayment is kept as credit', () => {
    // 20,000 = 4,000 fees + 5,000 interest + 6,000 principal + 5,000 credit
    const early = { ...balances, legalCharges: 0, enforcementCosts: 0, penalties: 0 };
    const result = allocatePayment(early, 20_000, 'before-maturity');
    expect(result.applied).toEqual({ ...zeroBuckets(), fees: 4_000, interest: 5_000, principal: 6_000 });
    expect(result.credit).toBe(5_000);
    expect(bucketTotal(result.remaining)).toBe(0);
  });

  it('architecture.md: Loan engine and money: before maturity a stray late figure is left for later, not paid out of order', () => {
    const result = allocatePayment(balances, 100_000, 'before-maturity');
    expect(result.applied.penalties).toBe(0);
    expect(result.remaining.legalCharges).toBe(1_000);
    expect(result.credit).toBe(100_000 - 15_000);
  });

  it('architecture.md: Loan engine and money: refuses a payment that is not whole centavos', () => {
    expect(() => allocatePayment(balances, -1, 'after-maturity')).toThrow(RangeError);
    expect(() => allocatePayment(balances, 0.5, 'after-maturity')).toThrow(RangeError);
  });

  it('architecture.md: Loan engine and money invariants: parts sum to the payment, no bucket below zero, overpayment is credit', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000_000 });
    const bucketsArb = fc.record({
      legalCharges: amount,
      enforcementCosts: amount,
      penalties: amount,
      fees: amount,
      interest: amount,
      principal: amount,
    });
    fc.assert(
      fc.property(
        bucketsArb,
        amount,
        fc.constantFrom('before-maturity' as const, 'after-maturity' as const),
        (owed, payment, phase) => {
          const { applied, remaining, credit } = allocatePayment(owed, payment, phase);
          expect(bucketTotal(applied) + credit).toBe(payment);
          const payable = phase === 'after-maturity' ? AFTER_MATURITY_ORDER : BEFORE_MATURITY_ORDER;
          const owedPayable = payable.reduce((total, b) => total + owed[b], 0);
          expect(credit).toBe(Math.max(0, payment - owedPayable));
          for (const b of AFTER_MATURITY_ORDER) {
            expect(remaining[b]).toBeGreaterThanOrEqual(0);
            expect(applied[b] + remaining[b]).toBe(owed[b]);
          }
          // The order holds: a bucket is paid only once every bucket before it is cleared.
          payable.forEach((b, i) => {
            if (applied[b] > 0) for (const earlier of payable.slice(0, i)) expect(remaining[earlier]).toBe(0);
          });
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
