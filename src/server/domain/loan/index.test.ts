import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as engine from './index';

const folder = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(folder).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.startsWith('test-'),
);

describe('loan engine boundary', () => {
  it('architecture.md: Parts: the domain does no I/O: it imports only its own files and zod', () => {
    for (const name of sources) {
      const text = readFileSync(`${folder}/${name}`, 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const target of imports)
        expect(target === 'zod' || target?.startsWith('./'), `${name} imports ${target}`).toBe(true);
    }
  });

  it('architecture.md: Loan engine and money: deterministic: no clock and no randomness in the engine', () => {
    for (const name of sources) {
      const text = readFileSync(`${folder}/${name}`, 'utf8');
      expect(/Date\.now|new Date\(\)|Math\.random/.test(text), name).toBe(false);
    }
  });

  it('architecture.md: Loan engine and money: the public API quotes, opens and settles a loan end to end', () => {
    const check = engine.parseLoanProduct({
      minAmount: 300_000,
      maxAmount: 1_000_000,
      amountStep: 50_000,
      termDays: 91,
      periods: 1,
      dailyInterestBps: 15,
      serviceFeeBps: 300,
      extensionFeeBps: 200,
      extensionAllowed: true,
    });
    if (!check.ok) throw new Error(check.errors.join('; '));
    const quote = engine.quoteLoan(check.product, 500_000, '2025-01-01');
    const loan = engine.openLoan(quote, 'new');
    // 500,000 + 500,000 × 15 × 91 ÷ 10,000 (68,250) on the due date settles it.
    const { state } = engine.postPayment(loan, 568_250, quote.firstPayTime);
    expect(engine.isSettled(state)).toBe(true);
  });
});
