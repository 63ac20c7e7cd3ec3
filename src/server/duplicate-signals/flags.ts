import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { holdersOf, signalKindsQuery, signalValuesOf } from './signals';

/**
 * The duplicate-signal flags (`duplicate_signal_flags`), kept by the code that saves what a signal
 * compares: application answers (the ID number), payout accounts, a new borrower's sign-in mobile,
 * devices. `duplicate-signals.ts` stays the one definition; this module only decides whose flags
 * to recompute from it, and when.
 *
 * A save runs as: `signalValuesBefore` (holds this borrower's saves apart, notes the values it
 * holds), the write, then `refreshAfterSave`, in one transaction. If the values changed, it holds
 * each old and new value (so two borrowers saving the same value at once run one after the other,
 * and the second sees the first), then recomputes this borrower and everyone holding one of those
 * values, each held in turn so that the last writer of a flag computed it last.
 * Locks are taken in one order (the borrower's saves, values, flags; each kind sorted), so saves
 * wait for each other but never deadlock.
 */

type Executor = Pick<Db, 'execute'>;

/** Advisory-lock namespaces (constants no other feature uses): a borrower's saves, a value, a borrower's flag. */
const SAVE_LOCK = 8_040;
const VALUE_LOCK = 8_041;
const FLAG_LOCK = 8_042;

const values = (items: readonly (number | string)[]) =>
  sql.join(
    items.map((v) => sql`(${v})`),
    sql`, `,
  );

/** Inside the saving transaction, before the write: the borrower's signal values as they are now. */
export async function signalValuesBefore(tx: Executor, borrowerId: number): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SAVE_LOCK}::int4, ${borrowerId}::int4)`);
  return signalValuesOf(tx, borrowerId);
}

/**
 * Inside the saving transaction, after the write: when the borrower's values changed (or always,
 * for a borrower just made, whose mobile was never compared), recomputes the flags of both sides.
 */
export async function refreshAfterSave(
  tx: Executor,
  borrowerId: number,
  before: readonly string[],
  { always = false } = {},
): Promise<void> {
  const after = await signalValuesOf(tx, borrowerId);
  if (!always && before.length === after.length && before.every((v, i) => v === after[i])) return;
  const touched = [...new Set([...before, ...after])];
  if (touched.length)
    await tx.execute(sql`select count(pg_advisory_xact_lock(${VALUE_LOCK}::int4, h)) from (
      select distinct hashtext(v) as h from (values ${values(touched)}) as t(v) order by h) locks`);
  await refreshFlags(tx, [borrowerId, ...(await holdersOf(tx, touched))]);
}

/** Recomputes these borrowers' flags from the signals' definition, each borrower's flag held first. */
export async function refreshFlags(tx: Executor, borrowerIds: readonly number[]): Promise<void> {
  const ids = [...new Set(borrowerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(sql`select count(pg_advisory_xact_lock(${FLAG_LOCK}::int4, id::int4)) from (
    select id from (values ${values(ids)}) as t(id) order by id) locks`);
  const listed = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    with fresh as (${signalKindsQuery(ids)}),
    gone as (
      delete from duplicate_signal_flags
      where borrower_id in (${listed}) and borrower_id not in (select borrower_id from fresh))
    insert into duplicate_signal_flags (borrower_id, signals)
    select borrower_id, signals from fresh
    on conflict (borrower_id) do update set signals = excluded.signals, updated_at = now()
      where duplicate_signal_flags.signals is distinct from excluded.signals`);
}

/**
 * Runs a save of what a signal compares (`write`) in a transaction with the flags' upkeep around
 * it. `always`: recompute even if no value changed (a borrower just made).
 */
export async function savingSignals<T>(
  db: Pick<Db, 'transaction'>,
  borrowerId: number,
  write: (tx: Db) => Promise<T>,
  options: { always?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const before = await signalValuesBefore(tx, borrowerId);
    const result = await write(tx as unknown as Db);
    await refreshAfterSave(tx, borrowerId, before, options);
    return result;
  });
}

/** The statement that fills the flags from scratch (the bulk refresh; the migration's backfill is this text). */
export const fillFlagsStatement = (): SQL => sql`
  insert into duplicate_signal_flags (borrower_id, signals)
  select borrower_id, signals from (${signalKindsQuery('all')}) f`;

/**
 * Recomputes every borrower's flags, set-based: after a bulk load (the benchmark's seed) or a bulk
 * deletion. Holds the table against the savers' flag writes meanwhile; a save waiting on it writes
 * its own recomputation after, which saw its own change.
 */
export async function refreshAllSignalFlags(db: Pick<Db, 'transaction'>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table duplicate_signal_flags in exclusive mode`);
    await tx.execute(sql`delete from duplicate_signal_flags`);
    await tx.execute(fillFlagsStatement());
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from duplicate_signal_flags`));
    return Number(row?.n ?? 0);
  });
}

/** True where the borrower carries a duplicate signal now: one primary-key lookup in the flags. */
export const hasSignalFlag = (borrowerId: SQL | AnyColumn): SQL =>
  sql`exists (select 1 from duplicate_signal_flags f where f.borrower_id = ${borrowerId})`;
