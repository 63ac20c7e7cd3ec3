import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { cobRuns } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';
import { startCobScheduler } from './cob-scheduler';

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
});
