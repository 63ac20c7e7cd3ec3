import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock';
import { quoteLoan } from '../../domain/loan';
import { buildTestApp } from '../../test/test-app';
import { loadProduct } from '../../money';

const TODAY = '2026-11-27';
const t = await buildTestApp({ clock: fixedClock(`${TODAY}T03:00:00Z`) });

const calculate = (query: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: `/owner/v3/public/loan-calculator?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  });

describe('the official site cost calculator (spec 000 §2 official site: a way in, priced by the engine)', () => {
  it('answers without signing in: every product on offer with its range, terms and daily rate', async () => {
    const res = await calculate({});
    expect(res.json().code).toBe(0);
    const { products, quote } = res.json().data;
    expect(products.map((p: { name: string }) => p.name)).toContain('Hiram Flex');
    const flex = products.find((p: { name: string }) => p.name === 'Hiram Flex');
    expect(flex).toMatchObject({ minAmount: 500_000, maxAmount: 2_000_000, termOptions: [120, 180] });
    // Without an amount or term: the first product's smallest amount at its first term.
    expect(quote).toMatchObject({ productId: products[0].productId, amount: products[0].minAmount });
  });

  it('an amount and a term → the same schedule, total and effective rate as the engine quotes', async () => {
    const res = await calculate({ productId: 3, amount: 1_000_000, termDays: 180 });
    const { quote } = res.json().data;
    const { product } = await loadProduct(t.database.db, 3);
    const engine = quoteLoan({ ...product, termDays: 180 }, 1_000_000, TODAY);
    expect(quote.termDays).toBe(180);
    expect(quote.totalRepayable).toBe(engine.totals.totalRepayable);
    expect(quote.totalCost).toBe(engine.disclosure.totalFinanceCharge);
    expect(quote.totalCost).toBe(quote.interest + quote.serviceFee);
    expect(quote.netProceeds).toBe(1_000_000 - quote.serviceFee);
    expect(quote.effectiveRate.monthlyBps).toBe(engine.disclosure.effectiveRate.monthlyBps);
    expect(quote.schedule).toEqual(engine.disclosure.schedule);
    expect(quote.schedule.reduce((sum: number, row: { amount: number }) => sum + row.amount, 0)).toBe(
      quote.totalRepayable,
    );
  });

  it('an amount off the product or a term it does not offer → a sentence naming the field, no validator words', async () => {
    const amount = await calculate({ productId: 3, amount: 50_000 });
    expect(amount.json()).toMatchObject({ code: 40000, data: { field: 'amount' } });
    expect(amount.json().message).toMatch(/^Choose an amount between ₱5,000\.00 and ₱20,000\.00/);
    const term = await calculate({ productId: 3, amount: 1_000_000, termDays: 91 });
    expect(term.json()).toMatchObject({ code: 40000, data: { field: 'termDays' } });
    expect(term.json().message).toBe('Choose a term of 120 or 180 days');
    const unknown = await calculate({ productId: 999 });
    expect(unknown.json().data).toMatchObject({ field: 'productId' });
  });
});
