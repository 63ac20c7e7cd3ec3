import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';

/**
 * Tables whose rows a refused request may still change, each with the reason. Anything else
 * changing under malformed input is a failure.
 */
export const SNAPSHOT_EXEMPT: Record<string, string> = {
  sessions: 'every authenticated request moves the idle-expiry clock',
  rate_limit_counters: 'counting attempts, refused ones included, is what the limits are for',
  audit_log: 'refused staff calls and failed staff sign-ins are recorded: who tried which call, and when',
  __drizzle_migrations: 'migration bookkeeping',
};

/** A fingerprint of every table: row count and a hash of the rows, so any change shows. */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
                         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of tables) {
    if (name in SNAPSHOT_EXEMPT) continue;
    const [row] = rowsOf<{ n: number; h: string | null }>(
      await db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
        ),
      ),
    );
    out[name] = `${row?.n}:${row?.h}`;
  }
  return out;
}
