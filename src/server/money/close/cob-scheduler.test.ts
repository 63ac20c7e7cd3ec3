import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { cobRuns } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';
import { runCloseOfBusiness } from './close-of-business';
import { onceAfterClose, startCobScheduler } from './cob-scheduler';

const t = await buildTestApp({ seed: false });

describe('Close of business schedule', () => {
  it('catches up at start and next runs at 00:05 in Manila (16:05 UTC)', async () => {
    const info = vi.fn();
    const log = { info, error: vi.fn() } as unknown as FastifyBaseLogger;
    const scheduler = startCobScheduler(t.database.db, log, () => '2026-06-15');
    try {
      await vi.waitFor(() => expect(info).toHaveBeenCalled());
      expect(info.mock.calls[0]?.[0]).toMatchObject({
        businessDate: '2026-06-15',
        outcome: 'done',
        why: 'catch-up at start',
      });
      const run = await t.database.db.query.cobRuns.findFirst({ where: eq(cobRuns.businessDate, '2026-06-15') });
      expect(run?.status).toBe('done');
      const next = scheduler.nextRun();
      expect(next?.getUTCHours()).toBe(16);
      expect(next?.getUTCMinutes()).toBe(5);
    } finally {
      scheduler.stop();
    }
  });

  it('the reconciliation after it runs once per closed date: the catch-up at a restart does not run it again', async () => {
    const db = t.database.db;
    const done: string[] = [];
    const work = async () => {
      done.push('reconciled');
    };
    expect(await onceAfterClose(db, '2026-06-20', work)).toBe('not-closed');
    expect(await onceAfterClose(db, '2026-06-15', work)).toBe('done');
    expect(await onceAfterClose(db, '2026-06-15', work)).toBe('already-done');
    expect(done).toEqual(['reconciled']);
    // Work that fails is not recorded: the next start runs it again.
    await runCloseOfBusiness(db, '2026-06-16', { today: '2026-06-16' });
    await expect(
      onceAfterClose(db, '2026-06-16', async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(await onceAfterClose(db, '2026-06-16', work)).toBe('done');
    expect(done).toEqual(['reconciled', 'reconciled']);
  });
});
