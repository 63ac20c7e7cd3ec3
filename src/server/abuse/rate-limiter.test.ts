import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { rateLimitCounters } from '../db/schema';
import { fixedRateClock } from '../test/fixed-clock';
import { createTestDatabase } from '../test/test-db';
import {
  addressKey,
  capsExempt,
  enforce,
  hit,
  pruneRateCounters,
  type RateClock,
  rateLimiter,
  waitText,
} from './rate-limiter';

const database = await createTestDatabase();
const db = database.db;
afterAll(() => database.close());

/** Counts on the fixed clock: on the database's, an hour window could end halfway through. */
const hits = async (key: string, n: number, limit: number, window = 3600, clock: RateClock = fixedRateClock) => {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push((await hit(db, key, limit, window, clock)).allowed);
  return out;
};
/** As if the current window had ended. */
const endWindow = (key: string) =>
  db
    .update(rateLimitCounters)
    .set({
      windowStart: sql`${rateLimitCounters.windowStart} - make_interval(secs => ${rateLimitCounters.windowSeconds})`,
    })
    .where(sql`${rateLimitCounters.key} = ${key}`);

describe('architecture.md: What runs where rate limiter: fixed-window counters in PostgreSQL', () => {
  it('allows `limit` hits in a window and refuses the next without counting it', async () => {
    expect(await hits('t:a', 5, 3)).toEqual([true, true, true, false, false]);
    const [row] = await db.select().from(rateLimitCounters).where(sql`${rateLimitCounters.key} = 't:a'`);
    expect(row?.hits).toBe(3);
  });

  it('says how long until the window ends', async () => {
    // A day window: a window boundary between the two hits would be a once-a-day coincidence.
    const result = await hit(db, 't:b', 1, 86_400);
    expect(result).toMatchObject({ allowed: true, hits: 1 });
    expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(result.retryAfterSeconds).toBeLessThanOrEqual(86_400);
    const refused = await hit(db, 't:b', 1, 86_400);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(result.retryAfterSeconds);
  });

  it('a new window starts again from one', async () => {
    expect(await hits('t:c', 3, 2)).toEqual([true, true, false]);
    await endWindow('t:c');
    expect(await hits('t:c', 3, 2)).toEqual([true, true, false]);
  });

  it('the same key with another window length is another counter', async () => {
    expect(await hits('t:d', 2, 1, 3600)).toEqual([true, false]);
    expect(await hits('t:d', 2, 5, 86_400)).toEqual([true, true]);
  });

  it('windows are aligned, so every instance agrees where they start', async () => {
    await hit(db, 't:e', 10, 3600);
    const [row] = await db
      .select({ offset: sql<number>`extract(epoch from ${rateLimitCounters.windowStart})::bigint % 3600` })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = 't:e'`);
    expect(Number(row?.offset)).toBe(0);
  });

  it('concurrent hits never pass the limit', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(db, 't:f', 5, 3600, fixedRateClock)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.hits)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('enforce is all or nothing: when one rule refuses, no counter moves', async () => {
    const rules = [
      { key: 't:g1', limit: 10, windowSeconds: 3600, message: 'one' },
      { key: 't:g2', limit: 1, windowSeconds: 3600, message: 'Too many. Try again in {wait}.' },
    ];
    await enforce(db, rules, fixedRateClock);
    const refused = await enforce(db, rules, fixedRateClock).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(/^Too many\. Try again in \d+ (seconds?|minutes?|hours?)\.$/),
    });
    expect((refused as { data: { retryAfterSeconds: number } }).data.retryAfterSeconds).toBeGreaterThan(0);
    const [first] = await db.select().from(rateLimitCounters).where(sql`${rateLimitCounters.key} = 't:g1'`);
    expect(first?.hits).toBe(1);
  });

  it('the bound limiter does the same', async () => {
    const limiter = rateLimiter(db, fixedRateClock);
    expect((await limiter.hit('t:h', 1, 86_400)).allowed).toBe(true);
    expect((await limiter.hit('t:h', 1, 86_400)).allowed).toBe(false);
    await expect(
      limiter.enforce([{ key: 't:h', limit: 1, windowSeconds: 86_400, message: 'no' }]),
    ).rejects.toMatchObject({ code: Code.RATE_LIMITED });
  });

  it('on a given clock, a window ends exactly at its aligned edge and tells the wait to it', async () => {
    let now = new Date('2026-03-03T03:59:50Z');
    const clock = () => now;
    expect(await hit(db, 't:i', 1, 900, clock)).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 10 });
    expect(await hit(db, 't:i', 1, 900, clock)).toEqual({ allowed: false, hits: 0, retryAfterSeconds: 10 });
    now = new Date('2026-03-03T04:00:00Z');
    expect(await hit(db, 't:i', 1, 900, clock)).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 900 });
    // An hour window started on the hour, a day window at 00:00 UTC.
    await hit(db, 't:i', 5, 3600, clock);
    await hit(db, 't:i', 5, 86_400, clock);
    const starts = await db
      .select({ seconds: rateLimitCounters.windowSeconds, start: rateLimitCounters.windowStart })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = 't:i'`);
    expect(Object.fromEntries(starts.map((row) => [row.seconds, row.start.toISOString()]))).toEqual({
      900: '2026-03-03T04:00:00.000Z',
      3600: '2026-03-03T04:00:00.000Z',
      86400: '2026-03-03T00:00:00.000Z',
    });
  });

  it('pruning deletes only counters whose window has ended', async () => {
    await hit(db, 't:old', 5, 60);
    await hit(db, 't:live', 5, 3600);
    await endWindow('t:old');
    await pruneRateCounters(db);
    const keys = (await db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).not.toContain('t:old');
    expect(keys).toContain('t:live');
  });

  it('pruning on a given clock keeps what is live on that clock', async () => {
    await hit(db, 't:then', 5, 3600, fixedRateClock);
    await pruneRateCounters(db, { clock: fixedRateClock });
    expect((await db.select().from(rateLimitCounters)).map((r) => r.key)).toContain('t:then');
    await pruneRateCounters(db);
    expect((await db.select().from(rateLimitCounters)).map((r) => r.key)).not.toContain('t:then');
  });
});

describe('addresses', () => {
  it('counts an IPv4 address as itself and an IPv6 address by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:aa:1::7')).toBe('2001:db8:aa:1::/64');
    expect(addressKey('2001:0db8:00aa:0001:ffff:1:2:3')).toBe('2001:db8:aa:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('exempts loopback outside production only', () => {
    expect(capsExempt('127.0.0.1', false)).toBe(true);
    expect(capsExempt('::1', false)).toBe(true);
    expect(capsExempt('::ffff:127.0.0.1', false)).toBe(true);
    expect(capsExempt('127.0.0.1', true)).toBe(false);
    expect(capsExempt('203.0.113.9', false)).toBe(false);
    expect(capsExempt('1270.0.0.1', false)).toBe(false);
  });

  it('words the wait', () => {
    expect([1, 45, 60, 61, 3599, 3600, 3601, 7200].map(waitText)).toEqual([
      '1 second',
      '45 seconds',
      '1 minute',
      '2 minutes',
      '1 hour',
      '1 hour',
      '2 hours',
      '2 hours',
    ]);
  });
});
