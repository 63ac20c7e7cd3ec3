import type { Db } from './client';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot read prepared once per database, so PostgreSQL parses and plans it once per
 * pooled connection instead of on every call (node-postgres sends `name`d statements; planning
 * the loan-details read cost more than running it). `build` must always make the same statement
 * for a name; its values go in as `sql.placeholder`s.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
