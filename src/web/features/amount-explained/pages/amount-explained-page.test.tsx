import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AmountLineView } from '../../../../shared/contracts/amount-explained';
import { envelope, mockApi } from '../../../test/fetch-mock';
import { renderPage } from '../../../test/render';
import { AmountExplainedPage } from './amount-explained-page';

const blank: AmountLineView = {
  kind: 'principal',
  amount: 0,
  date: null,
  installment: null,
  installments: null,
  rateBps: null,
  days: null,
  base: null,
  overdueDay: null,
  released: 0,
  cap: null,
};
const line = (over: Partial<AmountLineView>): AmountLineView => ({ ...blank, ...over });

const lines: AmountLineView[] = [
  line({ kind: 'principal', amount: 500_000, date: '2026-11-18', installment: 1, installments: 1 }),
  line({
    kind: 'interest',
    amount: 68_250,
    date: '2026-11-18',
    installment: 1,
    installments: 1,
    rateBps: 15,
    days: 91,
    base: 500_000,
  }),
  line({ kind: 'service-fee', amount: 0, date: '2026-08-19', base: 15_000 }),
  line({
    kind: 'default-charge',
    amount: 947,
    date: '2026-11-19',
    base: 100_000,
    cap: { ceiling: 'late-penalty', source: 'SEC Memorandum Circular No. 14, s.2025', tookOff: 99_053 },
  }),
  line({
    kind: 'penalty',
    amount: 0,
    date: '2026-11-19',
    overdueDay: 1,
    rateBps: 500,
    base: 568_250,
    cap: { ceiling: 'late-penalty', source: 'SEC Memorandum Circular No. 14, s.2025', tookOff: 947 },
  }),
  line({ kind: 'paid-interest', amount: -10_000 }),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Why this amount page', () => {
  it('each line with its rule and the ceiling that lowered it; the total at the bottom', async () => {
    mockApi({
      '/v3/loan-order/amount-explained': envelope({
        orderId: 84,
        orderNo: 'HRM00000084',
        asOf: '2026-11-19',
        total: 559_197,
        productId: 1,
        tomorrow: { date: '2026-11-20', total: 560_144 },
        regime: { id: 'sec-mc-14-2025', source: 'SEC Memorandum Circular No. 14, s.2025' },
        lines,
      }),
    });
    renderPage(<AmountExplainedPage />, { route: '/amountExplained?orderId=84' });
    expect((await screen.findByTestId('why-total')).textContent).toBe('₱5,591.97');
    const rows = screen.getAllByTestId('why-line');
    expect(rows).toHaveLength(6);
    expect(
      within(rows[1]!).getByText('0.15% a day × 91 days on ₱5,000.00 principal outstanding; due 2026-11-18'),
    ).toBeDefined();
    expect(within(rows[2]!).getByText(/₱150.00 was taken from the money you received on 2026-08-19/)).toBeDefined();
    expect(within(rows[3]!).getByTestId('why-cap').textContent).toBe(
      'Ceiling of SEC Memorandum Circular No. 14, s.2025 on late penalties (5% a month of the amount due): ₱990.53 taken off',
    );
    expect(within(rows[4]!).getByText('Day 1 overdue: 5.00% a month ÷ 30 of ₱5,682.50 due')).toBeDefined();
    expect(within(rows[5]!).getByText('-₱100.00')).toBeDefined();
    expect(screen.getByText(/pricing ceilings of SEC Memorandum Circular No. 14/)).toBeDefined();
    // The late days are one line, and say in words how the ceiling lowered them; each day behind a tap.
    const late = screen.getByTestId('why-late-days');
    expect(late.dataset.days).toBe('1');
    expect(within(late).getByTestId('why-late-cap').textContent).toMatch(
      /^Your terms price these days at ₱9\.47\. The ceiling of SEC Memorandum Circular No\. 14, s\.2025 .* took off ₱9\.47/,
    );
    // Tomorrow's amount, and the way on: Pay.
    expect(screen.getByTestId('why-tomorrow').textContent).toMatch(/₱5,601\.44, ₱9\.47 more/);
    expect(screen.getByTestId('why-pay').getAttribute('href')).toMatch(/\/repay\?.*orderId=84/);
  });
});
