/**
 * Reconciles one business date with the payment provider: its transactions of the day matched to
 * our postings and payouts, the findings stored for finance (back office → Reconciliation).
 *
 *   npm run reconcile -- --date 2026-11-25        (default: yesterday in Manila, the day last closed)
 *
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR, and the configured provider
 * (PAYMENT_PROVIDER=xendit). The sandbox keeps its transactions in the server's memory: reconcile
 * it from the back office instead. Exits 1 when findings are open, so a scheduler can alert on it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatMoney } from '../src/shared/format/money';
import { manilaToday } from '../src/shared/format/date';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { addDays } from '../src/server/domain/loan';
import { findingsOf } from '../src/server/features/reconciliation/findings';
import { reconcileDay } from '../src/server/features/reconciliation/reconcile';
import { xenditProvider } from '../src/server/providers/payment/xendit-provider';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { date: { type: 'string' } } });
  const config = loadConfig();
  const { XENDIT_SECRET_KEY: secretKey, XENDIT_CALLBACK_TOKEN: callbackToken, PUBLIC_URL: publicUrl } = config;
  if (config.PAYMENT_PROVIDER !== 'xendit' || !secretKey || !callbackToken || !publicUrl) {
    console.error(
      `PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER}: only Xendit is reconciled from the command line (the sandbox's transactions live in the running server: use the back office)`,
    );
    process.exitCode = 2;
    return;
  }
  const provider = xenditProvider({ secretKey, callbackToken, publicUrl, baseUrl: config.XENDIT_BASE_URL });
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR, 'pglite') });
  try {
    await database.migrate();
    const date = values.date ?? addDays(manilaToday(), -1);
    const summary = await reconcileDay(database.db, provider, { date, actor: 'command' }, systemClock);
    console.log(
      `Reconciliation of ${summary.businessDate} with ${provider.name}: ${summary.transactions} transactions, ${summary.matched} matched, ${summary.actedOn} payout outcomes acted on`,
    );
    const open = (await findingsOf(database.db, provider.name, summary.businessDate)).filter(
      (f) => f.status === 'open',
    );
    const money = (n: number | null) => (n === null ? '—' : formatMoney(n));
    for (const f of open)
      console.log(
        `  ${f.kind.padEnd(22)} ${f.reference.padEnd(28)} provider ${money(f.providerAmount).padStart(14)}  ours ${money(f.ourAmount).padStart(14)}  ${f.detail}`,
      );
    console.log(
      open.length === 0
        ? 'No open findings.'
        : `${open.length} open findings: resolve them in the back office (Reconciliation).`,
    );
    process.exitCode = open.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

await main();
