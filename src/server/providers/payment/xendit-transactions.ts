import { z } from 'zod';
import type { ProviderTransaction, TransactionListing, TransactionWindow, UnreadableRow } from './transactions';
import type { xenditClient } from './xendit-client';

/**
 * Xendit's List Transactions (`GET /transactions`, Balance and Transaction API): every money
 * movement on the account, filtered by `types`, `created[gte]` / `created[lte]` and paged with
 * `limit` and `after_id` while `has_more`. We read payments (money in) and disbursements (money
 * out); a transaction is matched to ours by its `reference_id`.
 */
const transactionSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string(),
  status: z.string(),
  reference_id: z.string().min(1),
  currency: z.string(),
  amount: z.union([z.number(), z.string()]),
  cashflow: z.string().nullish(),
  created: z.string(),
});
const pageSchema = z.object({ has_more: z.boolean(), data: z.array(z.looseObject({})) });

const STATUS: Record<string, ProviderTransaction['status']> = {
  PENDING: 'pending',
  SUCCESS: 'succeeded',
  FAILED: 'failed',
  VOIDED: 'failed',
  REVERSED: 'reversed',
};
const DIRECTION: Record<string, ProviderTransaction['direction']> = { PAYMENT: 'in', DISBURSEMENT: 'out' };
/** Xendit's largest page of transactions. */
export const XENDIT_TRANSACTIONS_PAGE = 50;

export async function listXenditTransactions(
  client: ReturnType<typeof xenditClient>,
  { from, to }: TransactionWindow,
): Promise<TransactionListing> {
  const found: ProviderTransaction[] = [];
  const unreadable: UnreadableRow[] = [];
  // `created[lte]` includes its instant: the window's end is excluded, so ask to one millisecond before it.
  const base = new URLSearchParams([
    ['types', 'PAYMENT'],
    ['types', 'DISBURSEMENT'],
    ['currency', 'PHP'],
    ['created[gte]', from.toISOString()],
    ['created[lte]', new Date(to.getTime() - 1).toISOString()],
    ['limit', String(XENDIT_TRANSACTIONS_PAGE)],
  ]);
  let afterId: string | null = null;
  for (let page = 0; page < 10_000; page += 1) {
    const query = new URLSearchParams(base);
    if (afterId) query.set('after_id', afterId);
    const reply = pageSchema.safeParse(await client.get(`/transactions?${query.toString()}`));
    if (!reply.success) throw new Error('Xendit transactions listing not understood');
    for (const row of reply.data.data) {
      // Paging goes on from the last row's id, read or not.
      if (typeof row.id === 'string' && row.id) afterId = row.id;
      const parsed = transactionSchema.safeParse(row);
      if (!parsed.success) {
        // One row we cannot read (a null reference_id, an amount that is not one) is a finding of
        // its own for finance; it never stops the run.
        unreadable.push({
          id: typeof row.id === 'string' ? row.id : null,
          reference: typeof row.reference_id === 'string' && row.reference_id ? row.reference_id : null,
          problem: parsed.error.issues
            .map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`)
            .join('; ')
            .slice(0, 300),
          at: typeof row.created === 'string' ? row.created : null,
        });
        continue;
      }
      const t = parsed.data;
      if (Number.isNaN(Number(t.amount))) {
        unreadable.push({
          id: t.id,
          reference: t.reference_id,
          problem: `amount: not a number (${String(t.amount)})`,
          at: t.created,
        });
        continue;
      }
      const direction = DIRECTION[t.type];
      const status = STATUS[t.status];
      if (!direction || !status || t.currency !== 'PHP') continue;
      found.push({
        id: t.id,
        reference: t.reference_id,
        direction,
        amount: Math.round(Number(t.amount) * 100),
        status,
        at: t.created,
      });
    }
    if (!reply.data.has_more || reply.data.data.length === 0) return { transactions: found, unreadable };
  }
  throw new Error('Xendit transactions listing did not end');
}
