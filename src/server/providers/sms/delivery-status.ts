import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { SemaphoreOptions } from './semaphore-client';

/** Semaphore's words for a message still on its way; any other status is final. */
const ON_THE_WAY = ['Queued', 'Pending'];
/** Semaphore allows this retrieval about 30 times a minute: one round reads at most this many. */
const PER_ROUND = 20;

/**
 * Reads back the delivery status of messages Semaphore still called Queued or Pending (GET
 * `/messages/{id}`), for a day after they were sent. Each round claims its rows by stamping
 * `updated_at`, so instances that run it at once read different messages. Returns how many rows
 * changed status.
 */
export async function refreshDeliveryStatus(
  db: Db,
  options: SemaphoreOptions,
  log: FastifyBaseLogger,
): Promise<number> {
  const claimed = rowsOf<{ id: number; message_id: string; status: string }>(
    await db.execute(sql`
      update ${smsOutbox} set updated_at = now()
      where id in (
        select id from ${smsOutbox}
        where provider = 'semaphore' and provider_message_id is not null
          and status in (${sql.join(
            ON_THE_WAY.map((s) => sql`${s}`),
            sql`, `,
          )})
          and created_at > now() - interval '1 day' and updated_at < now() - interval '1 minute'
        order by id limit ${PER_ROUND}
        for update skip locked)
      returning id, provider_message_id as message_id, status`),
  );
  let changed = 0;
  for (const row of claimed) {
    const url = `${options.baseUrl.replace(/\/$/, '')}/messages/${encodeURIComponent(row.message_id)}?apikey=${encodeURIComponent(options.apiKey)}`;
    let status: string | null = null;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (res.status === 429) break; // the rest wait for the next round
      if (!res.ok) continue;
      const json: unknown = await res.json();
      const first: unknown = Array.isArray(json) ? json[0] : json;
      const value = typeof first === 'object' && first !== null ? (first as Record<string, unknown>).status : undefined;
      status = typeof value === 'string' ? value : null;
    } catch {
      continue; // the gateway is away: the next round asks again
    }
    if (status && status !== row.status) {
      await db.execute(sql`update ${smsOutbox} set status = ${status}, updated_at = now() where id = ${row.id}`);
      changed++;
    }
  }
  if (changed > 0) log.info({ changed }, 'sms delivery status read back');
  return changed;
}

/** Reads delivery statuses every few minutes while the server runs; the timer never holds the process. */
export function startDeliveryStatusPoller(
  db: Db,
  options: SemaphoreOptions,
  log: FastifyBaseLogger,
  everyMs = 3 * 60_000,
) {
  const timer = setInterval(() => {
    refreshDeliveryStatus(db, options, log).catch((err: Error) =>
      log.warn({ fault: err.name }, 'sms delivery status not read'),
    );
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
