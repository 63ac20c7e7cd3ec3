import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AmountLine, amountDueNow, explainAmount } from './amount-explained';
import { addDays } from './dates';
import { quoteExtension } from './extension';
import { accruePenaltiesTo } from './penalties';
import { quotePrepayment } from './prepayment';
import { DEFAULT_LENDER_LIMITS } from './limits';
import { makeLoan } from './test-support';
import { loanArb, openArbLoan } from './test-support';
import { applyValueDated, rebuildLoan, type ValueDatedPayment } from './value-dated';

const sum = (lines: readonly AmountLine[]) => lines.reduce((total, l) => total + l.amount, 0);
const of = (lines: readonly AmountLine[], kind: AmountLine['kind']) => lines.filter((l) => l.kind === kind);

// Outside every regime (180 days), loose limits: ₱5,000 at 0.15% a day, one period. Interest
// 500,000 × 15 × 180 ÷ 10,000 = 135,000, so 635,000 falls due on 2025-06-30. Day 1 brings the
// ₱1,000 default charge; each day 5% ÷ 30 of 635,000 = 1,058.33 → 1,058.
const outside = () => makeLoan({ termDays: 180, minAmount: 500_000 }, { amount: 500_000 });

// Under BSP 1133 (91 days): 500,000 + 68,250 interest due 2025-04-02. The late ceiling is
// 5% ÷ 30 of 568,250 a day = 947.08 centavo-days' worth, so ₱9.47 a day holds the ₱1,000 default charge.
const covered = () => makeLoan({ minAmount: 500_000 }, { amount: 500_000 });

describe('Why this amount (amount-explained.ts)', () => {
  it('spec 001 §9: an overdue loan: principal, interest by its rule, service fee withheld, default charge, one line a late day', () => {
    const why = explainAmount(outside(), [], '2025-07-03');
    expect(of(why.lines, 'principal')).toMatchObject([
      { amount: 500_000, date: '2025-06-30', installment: 1, installments: 1 },
    ]);
    expect(of(why.lines, 'interest')).toMatchObject([{ amount: 135_000, rateBps: 15, days: 180, base: 500_000 }]);
    expect(of(why.lines, 'service-fee')).toMatchObject([{ amount: 0, base: 15_000 }]);
    expect(of(why.lines, 'default-charge')).toMatchObject([
      { amount: 100_000, date: '2025-07-01', base: 100_000, cap: null },
    ]);
    expect(of(why.lines, 'penalty').map((l) => [l.date, l.overdueDay, l.amount, l.rateBps, l.base, l.cap])).toEqual([
      ['2025-07-01', 1, 1_058, 500, 635_000, null],
      ['2025-07-02', 2, 1_058, 500, 635_000, null],
      ['2025-07-03', 3, 1_058, 500, 635_000, null],
    ]);
    // 635,000 + 100,000 + 3 × 1,058
    expect(why.total).toBe(738_174);
    expect(why.amountDue).toBe(738_174);
    expect(why.regime).toBeNull();
  });

  it('spec 001 §9: the late-penalty ceiling of BSP Circular No. 1133 names itself and what it took off', () => {
    const why = explainAmount(covered(), [], '2025-04-04');
    expect(why.regime).toEqual({ id: 'bsp-1133', source: 'BSP Circular No. 1133, s.2021' });
    // Two days of room: 568,250 × 2 × 500 ÷ 300,000 = 1,894.17 → 1,894, all of it to the default charge first.
    const [charge] = of(why.lines, 'default-charge');
    expect(charge).toMatchObject({
      amount: 1_894,
      base: 100_000,
      cap: { ceiling: 'late-penalty', source: 'BSP Circular No. 1133, s.2021', tookOff: 98_106 },
    });
    const days = of(why.lines, 'penalty');
    expect(days.map((l) => [l.amount, l.cap?.ceiling, l.cap?.tookOff])).toEqual([
      [0, 'late-penalty', 947],
      [0, 'late-penalty', 947],
    ]);
    expect(why.total).toBe(568_250 + 1_894);
    expect(why.total).toBe(why.amountDue);
  });

  it('spec 001 §9: outside the regimes the lender limit holds the default charge to its share of the amount due', () => {
    const loan = makeLoan({ termDays: 180, minAmount: 500_000 }, { amount: 500_000, limits: DEFAULT_LENDER_LIMITS });
    const why = explainAmount(loan, [], '2025-07-01');
    // 10% of 635,000 = 63,500
    expect(of(why.lines, 'default-charge')).toMatchObject([
      { amount: 63_500, cap: { ceiling: 'default-charge-share', source: null, tookOff: 36_500 } },
    ]);
    expect(why.total).toBe(why.amountDue);
  });

  it('spec 001 §9: what was paid and how it was allocated comes off, the lines still add up to the amount due', () => {
    const payments: ValueDatedPayment[] = [{ id: 1, valueDate: '2025-07-05', amount: 200_000, kind: 'repayment' }];
    const why = explainAmount(outside(), payments, '2025-07-10');
    // On day 5: 100,000 default charge + 5 × 1,058 = 105,290 of penalties paid first, then 94,710 of interest.
    expect(of(why.lines, 'paid-penalties')).toMatchObject([{ amount: -105_290 }]);
    expect(of(why.lines, 'paid-interest')).toMatchObject([{ amount: -94_710 }]);
    expect(of(why.lines, 'paid-principal')).toEqual([]);
    // Days 6–10 charge on 635,000 − 94,710 = 540,290: 5% ÷ 30 = 900.48 → 900.
    expect(
      of(why.lines, 'penalty')
        .slice(5)
        .map((l) => [l.base, l.amount]),
    ).toEqual(Array(5).fill([540_290, 900]));
    expect(why.total).toBe(540_290 + 5 * 900);
    expect(why.total).toBe(amountDueNow(rebuildLoan(outside(), payments, '2025-07-10').state));
  });

  it('spec 001 §9: late days an honoured extension quote skipped show as one waived line', () => {
    const quote = quoteExtension(outside(), '2025-07-03');
    if (!quote.allowed) throw new Error('extension refused');
    const honoured = { amount: quote.delayAmount, quotedOn: '2025-07-03', validThrough: '2025-07-04' };
    const payments: ValueDatedPayment[] = [
      { id: 1, valueDate: '2025-07-04', amount: quote.delayAmount, kind: 'extension', honoured },
    ];
    const why = explainAmount(outside(), payments, '2025-07-04');
    // Day 4 (2025-07-04) was walked like any day, but the quote of day 3 did not charge it.
    expect(of(why.lines, 'penalties-waived')).toMatchObject([{ amount: -1_058, date: '2025-07-04' }]);
    expect(why.total).toBe(amountDueNow(rebuildLoan(outside(), payments, '2025-07-04').state));
    expect(why.total).toBe(why.amountDue);
  });

  it("spec 001 §9: an extension's extra-term interest is its own line, by its rule, apart from the scheduled interest", () => {
    const quote = quoteExtension(outside(), '2025-07-03');
    if (!quote.allowed) throw new Error('extension refused');
    const payments: ValueDatedPayment[] = [
      { id: 1, valueDate: '2025-07-03', amount: quote.delayAmount, kind: 'extension' },
    ];
    // The new due date is 180 days after 2025-07-03; ask on it.
    const why = explainAmount(outside(), payments, '2025-12-30');
    expect(of(why.lines, 'interest')).toMatchObject([
      { amount: 135_000, rateBps: 15, days: 180, base: 500_000, date: '2025-12-30' },
    ]);
    // 500,000 × 15 × 180 ÷ 10,000 = 135,000 for the extra term, from the extension day.
    expect(of(why.lines, 'extension-interest')).toMatchObject([
      { amount: 135_000, date: '2025-07-03', rateBps: 15, days: 180, base: 500_000, installment: 1, cap: null },
    ]);
    // Interest of the first term was paid by the extension.
    expect(of(why.lines, 'paid-interest')).toMatchObject([{ amount: -135_000 }]);
    expect(why.total).toBe(500_000 + 135_000);
    expect(why.total).toBe(why.amountDue);
  });

  it('a loan explained from a stored state carries its late charges so far as one line, then a line a day', () => {
    const stored = accruePenaltiesTo(outside(), '2025-07-03');
    const why = explainAmount(stored, [], '2025-07-05');
    // 100,000 + 3 × 1,058 booked before; days 4 and 5 one line each.
    expect(of(why.lines, 'penalties-earlier')).toMatchObject([{ amount: 103_174, date: '2025-07-03' }]);
    expect(of(why.lines, 'penalty').map((l) => [l.date, l.amount])).toEqual([
      ['2025-07-04', 1_058],
      ['2025-07-05', 1_058],
    ]);
    expect(why.total).toBe(amountDueNow(accruePenaltiesTo(outside(), '2025-07-05')));
  });

  it('a loan not yet due explains its first installment and nothing late', () => {
    const why = explainAmount(outside(), [], '2025-03-01');
    expect(why.lines.map((l) => l.kind)).toEqual(['principal', 'interest', 'service-fee']);
    expect(why.total).toBe(635_000);
  });

  it('architecture.md: Loan engine and money: the lines always add up to the engine amount due, and each late day is the day the engine booked', () => {
    const steps = fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 120 }),
        kind: fc.constantFrom('repayment' as const, 'extension' as const, 'payoff' as const),
        share: fc.integer({ min: 0, max: 12_000 }),
        extra: fc.integer({ min: 0, max: 20_000 }),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(loanArb, steps, fc.integer({ min: 0, max: 200 }), (loan, events, tail) => {
        const opening = openArbLoan(loan);
        const payments: ValueDatedPayment[] = [];
        let state = opening;
        let day = opening.disbursalDate;
        events.forEach((event, id) => {
          day = addDays(day, event.gap);
          const accrued = accruePenaltiesTo(state, day);
          let amount = Math.round((amountDueNow(accrued) * event.share) / 10_000);
          if (event.kind === 'extension') {
            const quote = quoteExtension(state, day);
            if (quote.allowed) amount = quote.delayAmount + event.extra;
          } else if (event.kind === 'payoff') {
            const quote = quotePrepayment(state, day);
            if (quote.allowed) amount = quote.payoff;
          }
          const payment: ValueDatedPayment = {
            id,
            valueDate: day,
            amount,
            kind: event.kind === 'extension' ? 'extension' : 'repayment',
          };
          payments.push(payment);
          state = applyValueDated(state, payment).after;
        });
        const asOf = addDays(day, tail);
        const why = explainAmount(opening, payments, asOf);
        const engine = rebuildLoan(opening, payments, asOf).state;
        expect(why.state).toEqual(engine);
        expect(why.amountDue).toBe(amountDueNow(engine));
        expect(sum(why.lines)).toBe(why.amountDue);
        expect(why.total).toBe(why.amountDue);
        // Without honoured quotes, no day is waived: the day lines are exactly what the engine charged.
        expect(of(why.lines, 'penalties-waived')).toEqual([]);
        const late = [...of(why.lines, 'default-charge'), ...of(why.lines, 'penalty')];
        expect(sum(late)).toBe(engine.late.charged);
        for (const l of why.lines) expect(Number.isSafeInteger(l.amount)).toBe(true);
        for (const l of why.lines)
          if (l.kind === 'interest' || l.kind === 'extension-interest') expect(l.amount).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 400 },
    );
  });
});
