import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumCentavos } from './money';
import { quoteLoan, readStoredQuote } from './quote';
import { legacyStoredQuote, loanArb, makeProduct } from './test-support';

describe('loan quote', () => {
  it('spec 001 §3: repay_plans, firstPayTime, firstPeriodDay, totals and net proceeds', () => {
    // ₱10,000, 120 days in 4 periods of 30, 0.15% a day, 3% fee: interest 45,000 + 33,750 + 22,500 + 11,250
    // = 112,500; fee 1,000,000 × 3% = 30,000; proceeds 970,000; repayable 1,112,500
    const product = makeProduct({ termDays: 120, periods: 4, minAmount: 1_000_000, maxAmount: 1_000_000 });
    const quote = quoteLoan(product, 1_000_000, '2025-01-01');
    expect(quote.repayPlans.map((row) => [row.title, row.amount, row.description, row.pay_time])).toEqual([
      ['Period 1/4', 295_000, '1/4', '2025-01-31'],
      ['Period 2/4', 283_750, '2/4', '2025-03-02'],
      ['Period 3/4', 272_500, '3/4', '2025-04-01'],
      ['Period 4/4', 261_250, '4/4', '2025-05-01'],
    ]);
    expect(quote.firstPayTime).toBe('2025-01-31');
    expect(quote.firstPeriodDay).toBe(30);
    expect(quote.totals).toEqual({ principal: 1_000_000, interest: 112_500, fees: 30_000, totalRepayable: 1_112_500 });
    expect(quote.netProceeds).toBe(970_000);
    expect(quote.ceiling).toEqual({ regime: 'bsp-1133', source: 'BSP Circular No. 1133, s.2021', applied: [] });
  });

  it('architecture.md: Loan engine and money: a BSP ceiling lowers the quoted figures and says so', () => {
    // 0.3% a day asked; the circular allows 0.2%: 500,000 × 20 × 91 ÷ 10,000 = 91,000 interest
    const quote = quoteLoan(makeProduct({ dailyInterestBps: 30, minAmount: 500_000 }), 500_000, '2025-01-01');
    expect(quote.terms.dailyInterestBps).toBe(20);
    expect(quote.totals.interest).toBe(91_000);
    expect(quote.ceiling.applied).toEqual(['nominal-interest']);
  });

  it('architecture.md: Loan engine and money: an amount the product does not allow is refused with the reason', () => {
    expect(() => quoteLoan(makeProduct(), 325_000, '2025-01-01')).toThrow(
      'amount: must be 300000 plus a multiple of 50000',
    );
  });

  it('architecture.md: Loan engine and money invariant: schedule principal sums to the amount, for any product', () => {
    fc.assert(
      fc.property(loanArb, ({ product, amount, disbursalDate, limits }) => {
        const quote = quoteLoan(product, amount, disbursalDate, limits);
        expect(sumCentavos(quote.installments.map((row) => row.principal))).toBe(amount);
        expect(sumCentavos(quote.repayPlans.map((row) => row.amount))).toBe(quote.totals.totalRepayable);
        expect(quote.repayPlans.at(-1)?.pay_time).toBe(quote.installments.at(-1)?.dueDate);
        expect(quote.netProceeds).toBe(amount - quote.totals.fees);
        expect(quote.netProceeds).toBeGreaterThan(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a quote stored before the regime table reads as BSP 1133, with its figures and a full disclosure', () => {
    const fresh = quoteLoan(makeProduct(), 500_000, '2025-01-01');
    const stored = legacyStoredQuote(fresh);
    const read = readStoredQuote(stored);
    expect(read.ceiling).toEqual({ regime: 'bsp-1133', source: 'BSP Circular No. 1133, s.2021', applied: [] });
    expect(read.disclosure).toEqual(fresh.disclosure);
    expect(read.terms).toMatchObject({ ceiling: 'bsp-1133', limits: null, serviceFee: fresh.terms.serviceFee });
    expect(readStoredQuote(fresh)).toBe(fresh);
  });
});
