import pg from 'pg';
import type { Db } from '../../db/client';

/** One advisory-lock key for close of business across every instance. */
export const COB_LOCK = 7_301_991;

/** PGlite databases (one process each) with a close of business running in this process. */
const runningHere = new WeakSet<object>();

/**
 * Takes the close-of-business lock for as long as a run lasts, or answers null when another
 * instance holds it. On PostgreSQL it is a session-level advisory lock on a connection of its
 * own, kept out of the pool until released: a run killed with its process loses the connection
 * and the lock with it, so the next run starts at once and resumes where the dead one stopped.
 * PGlite is one session inside one process (its data folder is locked to it), where a session
 * lock would let every caller in: there the process itself keeps the count.
 */
export async function holdCobLock(db: Db): Promise<(() => Promise<void>) | null> {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const session = await client.connect();
    try {
      const { rows } = await session.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [COB_LOCK]);
      if (!rows[0]?.held) {
        session.release();
        return null;
      }
    } catch (err) {
      session.release(err instanceof Error ? err : true);
      throw err;
    }
    return async () => {
      try {
        await session.query('select pg_advisory_unlock($1)', [COB_LOCK]);
        session.release();
      } catch (err) {
        // A broken connection is dropped from the pool, and its lock went with it.
        session.release(err instanceof Error ? err : true);
      }
    };
  }
  const key = typeof client === 'object' && client !== null ? client : db;
  if (runningHere.has(key)) return null;
  runningHere.add(key);
  return async () => {
    runningHere.delete(key);
  };
}

/** How many ranges a step may work at once: a few connections of the pool, one left for the lock. */
export function rangeConcurrency(db: Db, wanted: number | undefined): number {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return 1;
  const max = (client as unknown as { options: { max?: number } }).options.max ?? 10;
  return Math.max(1, Math.min(wanted ?? 3, max - 2));
}
