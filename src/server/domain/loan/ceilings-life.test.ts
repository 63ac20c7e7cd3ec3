/**
 * No loan ever goes above a ceiling over its life: random products, amounts, disbursal dates
 * (many around the 2026-04-01 regime change), lender limits, payments, extensions, prepayments and
 * charges, with every figure rounded as the engine rounds it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regimeOn } from './ceilings';
import { addDays } from './dates';
import { quoteExtension } from './extension';
import { monthlyIrr } from './irr';
import { extensionsOf, type LoanState, limitsOf, regimeOf, scheduledInterest, totalCost } from './loan-state';
import { BPS } from './money';
import { accruePenaltiesTo } from './penalties';
import { renewalFlows } from './renewal';
import { replay } from './test-replay';
import { eventsArb, loanArb, openArbLoan } from './test-support';

function withinCeilings(state: LoanState): void {
  const regime = regimeOf(state);
  if (regime) {
    expect(state.terms.dailyInterestBps).toBeLessThanOrEqual(regime.nominalDailyBps);
    expect(state.terms.penaltyTiers.every((t) => t.monthlyBps <= regime.lateMonthlyBps)).toBe(true);
    expect(totalCost(state)).toBeLessThanOrEqual(Math.floor((state.amount * regime.totalCostShareBps) / BPS));
    // The late room is 5% ÷ 30 of the amount due per overdue day, unrounded, then rounded down.
    expect(state.late.charged).toBeLessThanOrEqual(state.late.room);
    expect(state.late.room).toBeLessThanOrEqual(((state.late.dueDays ?? 0) * regime.lateMonthlyBps) / (30 * BPS));
    return;
  }
  const limits = limitsOf(state);
  if (!limits) throw new Error('a new loan outside every regime carries lender limits');
  expect(state.terms.dailyInterestBps).toBeLessThanOrEqual(limits.maxDailyInterestBps);
  expect(totalCost(state)).toBeLessThanOrEqual(Math.floor((state.amount * limits.maxTotalCostBps) / BPS));
  expect(extensionsOf(state)).toBeLessThanOrEqual(limits.maxRollovers);
  // The default charge is a share of the amount due on its day, which is never more than everything scheduled.
  const scheduled = state.amount + scheduledInterest(state);
  expect(state.late.defaultCharge ?? 0).toBeLessThanOrEqual(
    Math.floor((scheduled * limits.maxDefaultChargeShareBps) / BPS),
  );
}

describe('ceilings over the life of a loan', () => {
  it('no loan under either regime, or under the lender limits, ever exceeds a ceiling', () => {
    fc.assert(
      fc.property(loanArb, eventsArb, fc.integer({ min: 0, max: 2_000 }), (loan, events, tail) => {
        const opened = openArbLoan(loan);
        const regime = regimeOf(opened);
        if (regime) {
          expect(regime).toBe(regimeOn(loan.disbursalDate));
          // Origination: the effective rate of the regime of the disbursal date.
          const flows = opened.installments.map((row) => ({
            day: row.period * opened.terms.periodDays,
            amount: row.principal + row.interest,
          }));
          const eir = monthlyIrr([{ day: 0, amount: -(opened.amount - opened.terms.serviceFee) }, ...flows]);
          expect(eir).toBeLessThanOrEqual(regime.effectiveMonthlyBps / BPS + 1e-9);
        }
        const run = replay(opened, events, 'one-shot');
        for (const state of [...run.states, accruePenaltiesTo(run.state, addDays(run.date, tail))])
          withinCeilings(state);
        // Every renewal: the effective rate of the regime of its own date.
        for (const posted of run.payments) {
          if (extensionsOf(posted.after) === extensionsOf(posted.before) || !regime) continue;
          const quote = quoteExtension(posted.before, posted.date);
          if (!quote.allowed) throw new Error('a posted extension was allowed');
          const kept = posted.before.amount - posted.before.paid.principal - quote.extensionFee;
          if (kept <= 0) continue;
          const flows = renewalFlows(
            posted.before,
            posted.date,
            quote.nextDueDate,
            quote.interestDue,
            quote.extensionInterest,
          );
          expect(quote.regime).toBe(regimeOn(posted.date).id);
          expect(monthlyIrr([{ day: 0, amount: -kept }, ...flows])).toBeLessThanOrEqual(
            regimeOn(posted.date).effectiveMonthlyBps / BPS + 1e-9,
          );
        }
      }),
      { numRuns: 1_500 },
    );
  });
});
