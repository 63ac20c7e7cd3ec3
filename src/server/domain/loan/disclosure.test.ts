import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDisclosure } from './disclosure';
import { quoteLoan } from './quote';
import { buildInstallments } from './schedule';
import { loanArb } from './test-support';

describe('Truth in Lending disclosure', () => {
  it('DESIGN §7: amount financed, itemised finance charges, total of payments, EIR', () => {
    // ₱10,000 for 91 days at 0.15% a day, 3% service fee:
    // interest 1,000,000 × 15 × 91 ÷ 10,000 = 136,500; fee 30,000; proceeds 970,000
    // EIR: (1 + r)^(91/30) = 1,136,500 ÷ 970,000 → r = 1.1716495^(30/91) − 1 = 5.3612% → 536 bps
    // annual = monthly × 12 = 64.334% → 6,433 bps
    const installments = buildInstallments({ amount: 1_000_000, periods: 1, periodDays: 91, dailyInterestBps: 15, disbursalDate: '2025-01-01' });
    const disclosure = buildDisclosure({ principal: 1_000_000, serviceFee: 30_000, disbursalDate: '2025-01-01', installments });
    expect(disclosure).toEqual({
      principal: 1_000_000,
      amountFinanced: 970_000,
      netProceeds: 970_000,
      financeCharges: [
        { kind: 'interest', amount: 136_500 },
        { kind: 'service-fee', amount: 30_000 },
      ],
      totalFinanceCharge: 166_500,
      totalOfPayments: 1_136_500,
      schedule: [{ period: 1, dueDate: '2025-04-02', amount: 1_136_500 }],
      effectiveRate: { monthlyBps: 536, annualBps: 6_433 },
    });
  });

  it('DESIGN §7: total of payments = amount financed + finance charge, for any loan', () => {
    fc.assert(
      fc.property(loanArb, ({ product, amount, disbursalDate }) => {
        const { disclosure } = quoteLoan(product, amount, disbursalDate);
        expect(disclosure.totalOfPayments).toBe(disclosure.amountFinanced + disclosure.totalFinanceCharge);
        expect(disclosure.effectiveRate.monthlyBps).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1_000 },
    );
  });
});
