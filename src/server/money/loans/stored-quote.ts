import { z } from 'zod';
import { type LoanQuote, readStoredQuote, type StoredQuote } from '../../domain/loan';
import { type OrderRef, StoredStateError, termsV0, whose } from './stored-state';

/**
 * The accepted quote kept on a loan (`loan_orders.quote`): the contract it is disbursed on, and
 * what every rebuild opens the loan from. Parsed on every read, like the loan state.
 *
 * Versions:
 * - 0: no `version` field, as stored before it was kept; a quote priced before the regime table
 *   carries `bsp1133` instead of `ceiling` and a shorter disclosure, read as today's shape by
 *   `readStoredQuote` (same figures, its regime read from its terms).
 * - 1: today's shape, written with its version.
 *
 * The schema holds the figures the money core computes from (amount, dates, terms, schedule, net
 * proceeds, totals) to their types; the disclosure and the plan rows, which are shown as they were
 * accepted, are checked to be there and kept as they are.
 */
export const QUOTE_VERSION = 1;

const int = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

const quoteV0 = z.looseObject({
  amount: int,
  disbursalDate: isoDate,
  terms: termsV0.loose(),
  installments: z.array(z.looseObject({ period: int, dueDate: isoDate, principal: int, interest: int })).min(1),
  repayPlans: z.array(z.looseObject({})),
  firstPayTime: isoDate,
  firstPeriodDay: int,
  totals: z.object({ principal: int, interest: int, fees: int, totalRepayable: int }),
  netProceeds: int,
  disclosure: z.looseObject({}),
});

const quoteV1 = quoteV0.extend({
  version: z.literal(QUOTE_VERSION),
  ceiling: z.looseObject({ regime: z.string().nullable(), applied: z.array(z.looseObject({})) }),
});

function checked<T extends z.ZodType>(schema: T, json: unknown, order: OrderRef | undefined): z.output<T> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(quote)'}: ${issue.message}`)
    .join('; ');
  throw new StoredStateError(`${whose(order)} has a malformed accepted quote: ${problems}`);
}

/** Reads `loan_orders.quote`: checked against its version's schema, an older one upgraded. */
export function readAcceptedQuote(json: unknown, order?: OrderRef): LoanQuote {
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
  if (version === QUOTE_VERSION) {
    const { version: _version, ...quote } = checked(quoteV1, json, order);
    // Checked above for what the core computes from; the rest is the accepted text, kept as it is.
    return quote as unknown as LoanQuote;
  }
  if (version === undefined) return readStoredQuote(checked(quoteV0, json, order) as unknown as StoredQuote);
  throw new StoredStateError(`${whose(order)} has an accepted quote of unknown version ${JSON.stringify(version)}`);
}

/** What every write of `loan_orders.quote` stores: the quote with its version. */
export function storedAcceptedQuote(quote: LoanQuote): Record<string, unknown> {
  return { ...quote, version: QUOTE_VERSION };
}
