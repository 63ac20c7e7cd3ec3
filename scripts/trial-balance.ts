/**
 * Prints the ledger's trial balance at the end of a business date:
 *
 *   npm run trial-balance -- --date 2026-11-25        (default: today in Manila)
 *
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR. Exits 1 when debits and
 * credits differ or any invariant of the books fails (each is printed), so a scheduler can alert
 * on it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatMoney } from '../src/shared/format/money';
import { manilaToday } from '../src/shared/format/date';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { trialBalance } from '../src/server/money';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { date: { type: 'string' } } });
  const today = manilaToday();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  try {
    await database.migrate();
    const tb = await trialBalance(database.db, values.date ?? today, today);
    const side = (n: number) => (n === 0 ? '' : formatMoney(n)).padStart(20);
    console.log(`Trial balance at the end of ${tb.asOf}\n`);
    console.log(`${'Account'.padEnd(60)}${'Debit'.padStart(20)}${'Credit'.padStart(20)}`);
    for (const row of tb.rows)
      console.log(
        `${`${row.label} (${row.kind})`.padEnd(60)}${side(Math.max(0, row.balance))}${side(Math.max(0, -row.balance))}`,
      );
    console.log(`${'Total'.padEnd(60)}${side(tb.totals.debit)}${side(tb.totals.credit)}`);
    console.log(tb.balanced ? '\nDebits equal credits.' : '\nOUT OF BALANCE: debits and credits differ.');
    if (tb.problems.length > 0) {
      console.log(`\nTHE BOOKS DO NOT HOLD (${tb.problems.length}):`);
      for (const problem of tb.problems) console.log(`  - ${problem}`);
    } else console.log('Every invariant of the books holds.');
    process.exitCode = tb.balanced && tb.problems.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

await main();
