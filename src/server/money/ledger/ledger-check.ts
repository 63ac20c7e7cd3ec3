import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { AFTER_MATURITY_ORDER, balancesOf, type LoanState } from '../../domain/loan';
import { CREDIT_ACCOUNT, CREDIT_TRANSFERS_ACCOUNT, RECOGNISED, receivable } from './journal';
import { CREDIT_PROVIDER, creditLeft, REFUNDS_PAID_ACCOUNT } from './refund-journal';
import { readLoanState, StoredStateError } from '../loans/stored-state';

/**
 * architecture.md: Loan engine and money invariants over the whole database, for tests after every money move: each journal
 * balances, every receivable account equals the engine's balance of its loan, the credit account
 * equals the borrower's credit left (the engine's less the refunds paid and the credit applied to
 * other loans), the refunds account the refunds paid, the clearing account of credit applied the
 * credit received less the credit given (and zero over all loans), no balance is negative, each
 * loan's running income totals (`income_totals`, what recognition reads) equal its lines on the
 * income accounts, and each provider reference posted once.
 * Returns the problems found (empty when all hold).
 */
export async function ledgerProblems(db: Db, scope: { orderIds?: readonly number[] } = {}): Promise<string[]> {
  const problems: string[] = [];
  // A scope checks those loans (and the journals and references of theirs) instead of the whole
  // ledger: the model-based test checks after every step, the whole ledger at the end of a run.
  const ids = scope.orderIds ? sql.raw(scope.orderIds.map((id) => Math.trunc(id)).join(',') || '0') : null;
  const entries = ids ? sql`(select * from ledger_entries where order_id in (${ids}))` : sql`ledger_entries`;
  const orders = ids ? sql`o.id in (${ids}) and` : sql``;
  const unbalanced = rowsOf<{ journal_id: string }>(
    await db.execute(sql`select journal_id from ${entries} e group by journal_id having sum(debit) <> sum(credit)`),
  );
  for (const j of unbalanced) problems.push(`journal ${j.journal_id} does not balance`);

  const sums = rowsOf<{ order_id: number; account: string; net: string }>(
    await db.execute(
      sql`select order_id, account, sum(debit - credit)::text as net from ${entries} e group by order_id, account`,
    ),
  );
  const net = new Map(sums.map((r) => [`${r.order_id}:${r.account}`, Number(r.net)]));
  const loans = rowsOf<{ id: number; loan_state: unknown; refunded: string; given: string; received: string }>(
    await db.execute(sql`select o.id, o.loan_state, coalesce((select sum(p.amount) from payouts p
      where p.order_id = o.id and p.kind = 'refund' and p.status = 'succeeded'), 0)::text as refunded,
      coalesce((select sum(t.amount) from credit_transfers t where t.from_order_id = o.id and t.status = 'posted'), 0)::text as given,
      coalesce((select sum(p.amount) from payments p where p.order_id = o.id and p.provider = ${CREDIT_PROVIDER} and p.status = 'posted'), 0)::text as received
      from loan_orders o where ${orders} o.loan_state is not null`),
  );
  for (const { id, loan_state: stored, refunded, given, received } of loans) {
    let state: LoanState;
    try {
      state = readLoanState(stored, Number(id)); // bigint ids come back as text from PostgreSQL
    } catch (error) {
      // A state that fails its schema is itself a broken invariant: name it and check the rest.
      if (!(error instanceof StoredStateError)) throw error;
      problems.push(error.message);
      continue;
    }
    const balances = balancesOf(state);
    for (const bucket of AFTER_MATURITY_ORDER) {
      const booked = net.get(`${id}:${receivable[bucket]}`) ?? 0;
      if (booked !== balances[bucket])
        problems.push(`order ${id}: ${bucket} ledger ${booked} ≠ loan ${balances[bucket]}`);
      if (balances[bucket] < 0) problems.push(`order ${id}: ${bucket} is negative`);
    }
    // Refunds paid are kept outside the loan state (refund-journal.ts): the credit left is the engine's less them.
    const credit = -(net.get(`${id}:${CREDIT_ACCOUNT}`) ?? 0);
    const left = creditLeft(state.credit, Number(refunded) + Number(given));
    if (credit !== left) problems.push(`order ${id}: credit ledger ${credit} ≠ loan ${left}`);
    const paidOut = -(net.get(`${id}:${REFUNDS_PAID_ACCOUNT}`) ?? 0);
    if (paidOut !== Number(refunded))
      problems.push(`order ${id}: refunds ledger ${paidOut} ≠ refunds paid ${refunded}`);
    const clearing = net.get(`${id}:${CREDIT_TRANSFERS_ACCOUNT}`) ?? 0;
    if (clearing !== Number(received) - Number(given))
      problems.push(`order ${id}: credit applied ledger ${clearing} ≠ received ${received} less given ${given}`);
  }
  // Credit moves between loans of one borrower, so within a scope of whole borrowers the clearing
  // account nets to zero too (the whole ledger is summed when there is no scope).
  const clearingTotal = sums
    .filter((r) => r.account === CREDIT_TRANSFERS_ACCOUNT)
    .reduce((sum, r) => sum + Number(r.net), 0);
  if (clearingTotal !== 0) problems.push(`credit applied between loans does not net to zero (${clearingTotal})`);
  problems.push(...(await incomeTotalsOff(db, ids, net)));
  const doubled = rowsOf<{ reference: string }>(
    await db.execute(
      ids
        ? sql`select reference from payments where order_id in (${ids}) group by provider, reference having count(*) > 1`
        : sql`select reference from payments group by provider, reference having count(*) > 1`,
    ),
  );
  for (const d of doubled) problems.push(`reference ${d.reference} posted more than once`);
  return problems;
}

const INCOME_ACCOUNTS = new Set(Object.values(RECOGNISED).map((r) => r.income));

/**
 * Where the running income totals (kept by triggers on ledger_entries) differ from the ledger's
 * sums `net` (by `order:account`, over the same loans): a total on any account but an income
 * account counts as a difference, as does an income account's lines with no total.
 */
async function incomeTotalsOff(db: Db, ids: SQL | null, net: ReadonlyMap<string, number>): Promise<string[]> {
  const totals = rowsOf<{ order_id: number; account: string; net: string }>(
    await db.execute(
      sql`select order_id, account, net::text as net from income_totals ${ids ? sql`where order_id in (${ids})` : sql``}`,
    ),
  );
  const kept = new Map(totals.map((r) => [`${r.order_id}:${r.account}`, Number(r.net)]));
  const off = (key: string, total: number | undefined, lines: number) => {
    const [order, account] = key.split(':');
    return `order ${order}: ${account} income total ${total ?? 'none'} ≠ ledger ${lines}`;
  };
  const problems: string[] = [];
  for (const [key, total] of kept) {
    const lines = INCOME_ACCOUNTS.has(key.split(':')[1] ?? '') ? (net.get(key) ?? 0) : 0;
    if (total !== lines) problems.push(off(key, total, lines));
  }
  for (const [key, lines] of net)
    if (INCOME_ACCOUNTS.has(key.split(':')[1] ?? '') && !kept.has(key) && lines !== 0)
      problems.push(off(key, undefined, lines));
  return problems;
}
