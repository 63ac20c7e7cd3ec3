import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md lists them with their alerts). Features
 * count through the small functions at the end, one line at the place, so they carry no knowledge
 * of Prometheus; the gauges read from the database are set when /metrics is scraped.
 */
export const registry = new Registry();

export const httpDuration = new Histogram({
  name: 'hiram_http_request_duration_seconds',
  help: 'Time to answer a request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const httpErrors = new Counter({
  name: 'hiram_http_errors_total',
  help: 'Replies that refused or failed, by HTTP status and the envelope code',
  labelNames: ['status', 'code'] as const,
  registers: [registry],
});

export const paymentsPosted = new Counter({
  name: 'hiram_payments_posted_total',
  help: 'Payments posted to a loan (a repeated confirmation of one reference is not counted again)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const callbacksRefused = new Counter({
  name: 'hiram_callbacks_refused_total',
  help: 'Provider callbacks answered with a refusal (bad token or signature, unknown reference, other amount)',
  labelNames: ['callback', 'status'] as const,
  registers: [registry],
});

export const smsFailures = new Counter({
  name: 'hiram_sms_failures_total',
  help: 'Text messages the SMS gateway did not take after its retries',
  registers: [registry],
});

export const payoutQueueAge = new Gauge({
  name: 'hiram_payout_queue_oldest_seconds',
  help: 'Age of the oldest payout still waiting, by status (requested, approved, accepted); 0 when none waits',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const payoutsWaiting = new Gauge({
  name: 'hiram_payouts_waiting',
  help: 'Payouts still waiting, by status',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const cobDoneToday = new Gauge({
  name: 'hiram_close_of_business_done_today',
  help: "1 when close of business for today's Manila business date is done, else 0",
  registers: [registry],
});

export const cobLastDuration = new Gauge({
  name: 'hiram_close_of_business_last_duration_seconds',
  help: 'How long the last finished close of business took',
  registers: [registry],
});

export const reconciliationFindingsOpen = new Gauge({
  name: 'hiram_reconciliation_findings_open',
  help: 'Reconciliation findings finance has not resolved, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const ready = new Gauge({
  name: 'hiram_ready',
  help: 'What /readyz would answer at the scrape: 1 ready, 0 not (database, migrations, shutting down)',
  registers: [registry],
});

export const scrapeFailures = new Counter({
  name: 'hiram_metrics_database_read_failures_total',
  help: 'Scrapes whose database gauges could not be read (they keep their last values)',
  registers: [registry],
});

/**
 * One payment posted (a repeated confirmation of a reference returns before this). Counted as the
 * posting's own work ends, inside its transaction: a commit that fails after it would still count,
 * which the ledger's own checks, not this counter, would catch.
 */
export function countPaymentPosted(kind: string): void {
  paymentsPosted.inc({ kind });
}

/** One text message the gateway did not take. */
export function countSmsFailure(): void {
  smsFailures.inc();
}
