import { describe, expect, it } from 'vitest';
import { DEFAULT_LENDER_LIMITS } from './limits';
import { atTerm, parseLoanProduct, termErrors, termsOffered } from './product';
import { quoteLoan } from './quote';

const base = {
  minAmount: 300_000,
  maxAmount: 1_000_000,
  amountStep: 50_000,
  termDays: 91,
  periods: 1,
  dailyInterestBps: 15,
  serviceFeeBps: 300,
  extensionFeeBps: 200,
  extensionAllowed: true,
};

const parsed = (input: Record<string, unknown>) => {
  const check = parseLoanProduct(input);
  if (!check.ok) throw new Error(check.errors.join('; '));
  return check.product;
};

describe('several terms per product', () => {
  it('spec 001 §3 loan confirmation: a product without a list offers its one term, as before', () => {
    const product = parsed(base);
    expect(product.termOptions).toBeUndefined();
    expect(termsOffered(product)).toEqual([91]);
    expect(atTerm(product)).toBe(product);
    expect(termErrors(product, 182)).toEqual(['termDays: must be one of 91']);
  });

  it('spec 001 §9: every term offered is 91 to 365 days, shortest first, the default among them, split into the periods', () => {
    expect(parseLoanProduct({ ...base, termOptions: [91, 182] }).ok).toBe(true);
    const bad = parseLoanProduct({ ...base, termOptions: [60, 400] });
    expect(bad.ok ? [] : bad.errors).toEqual([
      'termOptions.0: must be at least 91',
      'termOptions.1: must be at most 365',
    ]);
    const unordered = parseLoanProduct({ ...base, termOptions: [182, 120] });
    expect(unordered.ok ? [] : unordered.errors).toEqual([
      'termOptions: must include termDays (91)',
      'termOptions.1: must be longer than the term before',
    ]);
    const uneven = parseLoanProduct({ ...base, termDays: 120, periods: 4, termOptions: [120, 150] });
    expect(uneven.ok ? [] : uneven.errors).toEqual(['termOptions.1: 4 periods must divide 150 days']);
    const none = parseLoanProduct({ ...base, termOptions: [] });
    expect(none.ok ? [] : none.errors).toEqual(['termOptions: needs at least one term']);
  });

  it('architecture.md: Loan engine and money: the lender limit on total cost binds the longest term offered', () => {
    // 15 bps a day over 365 days is 5,475 bps, plus 300 of fee: above a limit of 5,000; 91 days is not.
    const limits = { ...DEFAULT_LENDER_LIMITS, maxTotalCostBps: 5_000 };
    expect(parseLoanProduct(base, limits).ok).toBe(true);
    const dear = parseLoanProduct({ ...base, termOptions: [91, 365] }, limits);
    expect(dear.ok ? [] : dear.errors).toEqual([
      'dailyInterestBps: interest over 365 days plus the service fee come to 5775 bps of the principal, above 5000 (lender limit)',
    ]);
  });

  it('spec 001 §3 loan confirmation: the quote is priced at the chosen term; a term not offered is refused', () => {
    const product = parsed({ ...base, termOptions: [91, 182] });
    const short = quoteLoan(atTerm(product), 500_000, '2026-01-05');
    const long = quoteLoan(atTerm(product, 182), 500_000, '2026-01-05');
    expect(short.terms.termDays).toBe(91);
    expect(long.terms.termDays).toBe(182);
    expect(long.firstPayTime).toBe('2026-07-06');
    // Twice the days, twice the interest (15 bps a day on ₱5,000 is ₱7.50 a day).
    expect(short.totals.interest).toBe(91 * 750);
    expect(long.totals.interest).toBe(182 * 750);
    expect(() => atTerm(product, 120)).toThrow(new RangeError('termDays: must be one of 91, 182'));
  });
});
