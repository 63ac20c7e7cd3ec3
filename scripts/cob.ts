/**
 * Runs close of business for one business date on the configured database:
 *
 *   npm run cob -- --date 2026-11-22        (default: today in Manila)
 *
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR. Prints its progress. Run
 * again after a kill, it goes on from the ranges the killed run finished (architecture.md: Order
 * states); while another instance runs it, it says so and stops.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { manilaToday } from '../src/shared/format/date';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { isIsoDate } from '../src/server/domain/loan';
import { type CobProgress, runCloseOfBusiness } from '../src/server/money';

function progressLine({ phase, done, total }: CobProgress): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const width = 30;
  const filled = Math.round((percent / 100) * width);
  return `${phase.padEnd(11)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} order ids`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { date: { type: 'string' } } });
  const date = values.date ?? manilaToday();
  if (!isIsoDate(date)) {
    console.error(`--date must be a calendar date like 2026-11-22 (got "${date}")`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  await database.migrate();
  const tty = process.stdout.isTTY;
  const started = Date.now();
  try {
    const result = await runCloseOfBusiness(database.db, date, {
      onProgress: (p) => {
        const line = progressLine(p);
        if (tty) process.stdout.write(`\r${line}`);
        else console.log(line);
      },
    });
    if (tty) process.stdout.write('\n');
    console.log(
      `close of business ${result.businessDate}: ${result.outcome}; window opened ${result.windowOpened}, overdue ${result.becameOverdue}, penalties accrued ${result.penaltiesAccrued}, income recognised on ${result.incomeRecognised} loans (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await database.close();
  }
}

await main();
