import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { manilaToday } from '../../shared/format/date';
import { payouts, reconciliationFindings } from '../db/schema';
import { seedProducts } from '../db/seed/seed-products';
import { postPayment } from '../money';
import { semaphoreSmsProvider } from '../providers/sms/sms-provider';
import { startFakeSemaphore } from '../providers/sms/fake-semaphore';
import { orderFor } from '../test/orders';
import { buildTestApp, testConfig } from '../test/test-app';
import { readinessOf } from './health';

const t = await buildTestApp({ seed: false });
await seedProducts(t.database.db);

/** The scrape, as Prometheus reads it. */
async function scrape(headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** One sample's value (0 when the series is absent): `name{labels} value`. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}}` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('/metrics', () => {
  it('names every metric docs/operations.md lists', async () => {
    const text = await scrape();
    for (const name of [
      'hiram_http_request_duration_seconds',
      'hiram_http_errors_total',
      'hiram_payments_posted_total',
      'hiram_callbacks_refused_total',
      'hiram_sms_failures_total',
      'hiram_payout_queue_oldest_seconds',
      'hiram_payouts_waiting',
      'hiram_close_of_business_done_today',
      'hiram_close_of_business_last_duration_seconds',
      'hiram_reconciliation_findings_open',
      'hiram_ready',
      'hiram_process_cpu_seconds_total',
      'hiram_nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
  });

  it('times requests by route pattern (not by address) and counts errors by status and envelope code', async () => {
    const before = await scrape();
    const route = 'method="GET",route="/owner/v3/home/overview"';
    const count = `hiram_http_request_duration_seconds_count`;
    const errors = 'hiram_http_errors_total';
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/owner/v3/home/overview?x=${i}` });
    const after = await scrape();
    expect(sample(after, count, route) - sample(before, count, route)).toBe(3);
    // Without a session the overview is refused: 401 with the envelope's session code.
    const refused = await t.app.inject({ method: 'GET', url: '/owner/v3/home/overview' });
    const code = String(refused.json().code);
    const labels = `status="${refused.statusCode}",code="${code}"`;
    expect(sample(after, errors, labels) - sample(before, errors, labels)).toBe(3);
    // The probes and the scrape are left out.
    expect(after).not.toContain('route="/metrics"');
  });

  it('counts a payment posted once, however often its reference is confirmed', async () => {
    const { orderId } = await orderFor(t.database.db, 'disbursed', { daysAgo: 10 });
    const before = sample(await scrape(), 'hiram_payments_posted_total', 'kind="repayment"');
    const payment = { orderId, provider: 'test', reference: 'METRICS-1', amount: 10_000, kind: 'repayment' } as const;
    for (let i = 0; i < 3; i++) await postPayment(t.database.db, { ...payment, postedBy: 'test' }, manilaToday());
    const after = sample(await scrape(), 'hiram_payments_posted_total', 'kind="repayment"');
    expect(after - before).toBe(1);
  });

  it('counts a refused provider callback', async () => {
    const labels = 'callback="payments/sandbox",status="401"';
    const before = sample(await scrape(), 'hiram_callbacks_refused_total', labels);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/owner/payments/sandbox/callback',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': 'forged',
        'x-sandbox-timestamp': '1795800000000',
      },
      payload: JSON.stringify({ reference: 'PAY-NONE', status: 'paid', amount: 100 }),
    });
    expect(forged.statusCode).toBe(401);
    expect(sample(await scrape(), 'hiram_callbacks_refused_total', labels) - before).toBe(1);
  });

  it('counts a text the SMS gateway refused', async () => {
    const gateway = await startFakeSemaphore();
    onTestFinished(() => gateway.close());
    const sms = semaphoreSmsProvider(t.database.db, t.app.log, {
      apiKey: 'key-metrics',
      senderName: 'HIRAM',
      baseUrl: gateway.baseUrl,
      timeoutMs: 2000,
      retry: { sleep: async () => {}, random: () => 1 },
    });
    const before = sample(await scrape(), 'hiram_sms_failures_total');
    await sms.send('09175550199', 'A reminder');
    gateway.answer({ status: 401, body: { message: 'Invalid API key' } });
    await expect(sms.send('09175550199', 'A reminder')).rejects.toMatchObject({ code: 50300 });
    expect(sample(await scrape(), 'hiram_sms_failures_total') - before).toBe(1);
  });

  it('reads the payout queue, close of business and open findings from the database at each scrape', async () => {
    const { orderId } = await orderFor(t.database.db, 'approved');
    const hourAndAHalf = new Date(Date.now() - 90 * 60_000);
    await t.database.db.insert(payouts).values({
      reference: 'DSB-METRICS-1',
      provider: 'sandbox',
      orderId,
      kind: 'disbursal',
      amount: 500_000,
      channel: 'GCASH',
      accountNo: '09170000000',
      accountName: 'Test Borrower',
      requestedBy: 'test',
      requestedAt: hourAndAHalf,
    });
    await t.database.db.insert(reconciliationFindings).values({
      businessDate: manilaToday(),
      provider: 'sandbox',
      kind: 'paid-not-posted',
      reference: 'PAY-METRICS-1',
      detail: 'a test finding',
    });
    const text = await scrape();
    expect(sample(text, 'hiram_payouts_waiting', 'status="requested"')).toBe(1);
    const age = sample(text, 'hiram_payout_queue_oldest_seconds', 'status="requested"');
    expect(age).toBeGreaterThanOrEqual(90 * 60 - 5);
    expect(age).toBeLessThan(2 * 3600);
    expect(sample(text, 'hiram_reconciliation_findings_open', 'kind="all"')).toBe(1);
    expect(sample(text, 'hiram_reconciliation_findings_open', 'kind="paid-not-posted"')).toBe(1);
    expect(sample(text, 'hiram_ready')).toBe(1);
    // No close of business has run on this database today.
    expect(sample(text, 'hiram_close_of_business_done_today')).toBe(0);
  });
});

/** A production app on this file's database (a database of its own would only cost time). */
async function production(env: Record<string, string> = {}) {
  const app = await buildApp(testConfig({ NODE_ENV: 'production', ...env }), { db: t.database.db, serveWeb: false });
  await app.ready();
  onTestFinished(() => app.close());
  return { app };
}

describe('/metrics in production', () => {
  it('takes a METRICS_TOKEN of 24 characters or more', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
    expect(testConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });

  it('is not served without METRICS_TOKEN', async () => {
    const prod = await production();
    expect((await prod.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('is served only to the bearer of METRICS_TOKEN', async () => {
    const token = 'metrics-token-for-tests-only-0123456789';
    const prod = await production({ METRICS_TOKEN: token });
    const none = await prod.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('hiram_');
    const wrong = await prod.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const right = await prod.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('hiram_payments_posted_total');
    // A shutting-down instance says so in its metrics too.
    readinessOf(prod.app)?.beginShutdown();
    const auth = { authorization: `Bearer ${token}` };
    expect(sample((await prod.app.inject({ method: 'GET', url: '/metrics', headers: auth })).body, 'hiram_ready')).toBe(
      0,
    );
  });
});
