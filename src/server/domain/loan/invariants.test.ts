/**
 * architecture.md: Loan engine and money invariants over random products, amounts and event sequences (payments,
 * extensions, prepayments, charges), each checked after every step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AFTER_MATURITY_ORDER, bucketTotal } from './allocation';
import { addDays } from './dates';
import { balancesOf, type LoanState, regimeOf, scheduledInterest, totalCost } from './loan-state';
import { accrueOneDay, accruePenaltiesTo } from './penalties';
import { replay } from './test-replay';
import { eventsArb, loanArb, openArbLoan as opened } from './test-support';

/** Money in = what it paid + what is kept as credit. Charges paid are what was charged less what is owed. */
function accountedFor(s: LoanState): number {
  return (
    s.paid.principal +
    s.paid.interest +
    (s.late.charged - s.owed.penalties) +
    (s.charged.fees - s.owed.fees) +
    (s.charged.legalCharges - s.owed.legalCharges) +
    (s.charged.enforcementCosts - s.owed.enforcementCosts) +
    s.credit
  );
}

// Hundreds of random loans a property: what is checked is the invariants, not the time, which a
// loaded machine can stretch past the default 30 s.
describe('loan engine invariants', { timeout: 180_000 }, () => {
  it('architecture.md: Loan engine and money: allocations sum to the payment, no balance goes below zero, nothing is lost', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, (loan, events) => {
        const run = replay(opened(loan), events, 'one-shot');
        for (const posted of run.payments) {
          expect(bucketTotal(posted.allocation.applied) + posted.allocation.credit).toBe(posted.payment);
          expect(posted.after.credit - posted.before.credit).toBeGreaterThanOrEqual(posted.allocation.credit);
        }
        for (const state of run.states) {
          const balances = balancesOf(state);
          for (const bucket of AFTER_MATURITY_ORDER) {
            expect(Number.isSafeInteger(balances[bucket])).toBe(true);
            expect(balances[bucket]).toBeGreaterThanOrEqual(0);
          }
          expect(state.paid.principal).toBeLessThanOrEqual(state.amount);
          expect(state.paid.interest).toBeLessThanOrEqual(scheduledInterest(state));
        }
        expect(accountedFor(run.state)).toBe(run.paidIn);
      }),
      { numRuns: 1_500 },
    );
  });

  it('architecture.md: Loan engine and money: overpayment is kept as credit, never lost', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 0, max: 400 }), (loan, day) => {
        const state = opened(loan);
        const asOf = addDays(loan.disbursalDate, day);
        const owed = bucketTotal(balancesOf(accruePenaltiesTo(state, asOf)));
        const run = replay(state, [{ kind: 'pay', gap: day, share: 10_000 }], 'one-shot');
        const paid = run.payments[0]!;
        // share 10,000 bps of (owed + 100) pays everything plus 100 centavos
        expect(paid.payment).toBe(owed + 100);
        expect(paid.allocation.credit).toBe(100);
        expect(run.state.credit).toBe(100);
      }),
      { numRuns: 1_000 },
    );
  });

  it('architecture.md: Loan engine and money: the total cost of a loan under a regime never goes above the principal', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 2_000 }), (loan, events, tail) => {
        const run = replay(opened(loan), events, 'one-shot');
        if (!regimeOf(run.state)) return;
        for (const state of [...run.states, accruePenaltiesTo(run.state, addDays(run.date, tail))]) {
          expect(totalCost(state)).toBeLessThanOrEqual(state.amount);
          expect(state.late.charged).toBeLessThanOrEqual(state.late.room);
        }
      }),
      { numRuns: 1_500 },
    );
  });

  it('architecture.md: Loan engine and money: accruing penalties day by day equals accruing them in one go', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 500 }), (loan, events, tail) => {
        const base = replay(opened(loan), events, 'one-shot').state;
        let daily = base;
        for (let i = 0; i < tail; i++) daily = accrueOneDay(daily);
        expect(daily).toEqual(accruePenaltiesTo(base, addDays(base.late.through, tail)));
      }),
      { numRuns: 1_000 },
    );
  });

  it('architecture.md: Loan engine and money: close of business every day and posting with one-shot accrual end in the same loan', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, (loan, events) => {
        const state = opened(loan);
        const oneShot = replay(state, events, 'one-shot');
        const daily = replay(state, events, 'daily');
        expect(accruePenaltiesTo(daily.state, daily.date)).toEqual(accruePenaltiesTo(oneShot.state, oneShot.date));
        expect(daily.paidIn).toBe(oneShot.paidIn);
      }),
      { numRuns: 500 },
    );
  });

  it('architecture.md: Loan engine and money: running close of business twice for the same day changes nothing', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 400 }), (loan, events, tail) => {
        const base = replay(opened(loan), events, 'one-shot');
        const day = addDays(base.date, tail);
        const once = accruePenaltiesTo(base.state, day);
        expect(accruePenaltiesTo(once, day)).toBe(once);
      }),
      { numRuns: 1_000 },
    );
  });
});
