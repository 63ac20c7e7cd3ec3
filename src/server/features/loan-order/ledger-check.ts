import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { AFTER_MATURITY_ORDER, balancesOf, type LoanState } from '../../domain/loan';
import { CREDIT_ACCOUNT, receivable } from './journal';


/**
 * DESIGN §7 invariants over the whole database, for tests after every money move: each journal
 * balances, every receivable account equals the engine's balance of its loan, the credit account
 * equals the borrower's credit, no balance is negative, and each provider reference posted once.
 * Returns the problems found (empty when all hold).
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = rowsOf<{ journal_id: string }>(
    await db.execute(sql`select journal_id from ledger_entries group by journal_id having sum(debit) <> sum(credit)`),
  );
  for (const j of unbalanced) problems.push(`journal ${j.journal_id} does not balance`);

  const sums = rowsOf<{ order_id: number; account: string; net: string }>(
    await db.execute(sql`select order_id, account, sum(debit - credit)::text as net from ledger_entries group by order_id, account`),
  );
  const net = new Map(sums.map((r) => [`${r.order_id}:${r.account}`, Number(r.net)]));
  const loans = rowsOf<{ id: number; loan_state: LoanState }>(
    await db.execute(sql`select id, loan_state from loan_orders where loan_state is not null`),
  );
  for (const { id, loan_state: state } of loans) {
    const balances = balancesOf(state);
    for (const bucket of AFTER_MATURITY_ORDER) {
      const booked = net.get(`${id}:${receivable[bucket]}`) ?? 0;
      if (booked !== balances[bucket]) problems.push(`order ${id}: ${bucket} ledger ${booked} ≠ loan ${balances[bucket]}`);
      if (balances[bucket] < 0) problems.push(`order ${id}: ${bucket} is negative`);
    }
    const credit = -(net.get(`${id}:${CREDIT_ACCOUNT}`) ?? 0);
    if (credit !== state.credit) problems.push(`order ${id}: credit ledger ${credit} ≠ loan ${state.credit}`);
  }
  const doubled = rowsOf<{ reference: string }>(
    await db.execute(sql`select reference from payments group by provider, reference having count(*) > 1`),
  );
  for (const d of doubled) problems.push(`reference ${d.reference} posted more than once`);
  return problems;
}
