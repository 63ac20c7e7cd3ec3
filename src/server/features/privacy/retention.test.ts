import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manilaToday } from '../../../shared/format/date';
import { appContextOf } from '../../app';
import { applicationAnswers, borrowers, loanOrders, smsOutbox, uploads } from '../../db/schema';
import { ledgerProblems, trialBalance } from '../../money';
import { orderFor } from '../../test/orders';
import { staffHeader } from '../../test/staff-support';
import { authHeader, buildTestApp } from '../../test/test-app';
import { getCall, identityPicture, postCall } from './privacy-support';
import { runRetention } from './retention';
import { startRetentionScheduler } from './retention-scheduler';

/** Docs/privacy.md "Retention": the daily job on an injected clock removes what has passed its period, and only that. */
const t = await buildTestApp();
const db = t.database.db;
const storage = appContextOf(t.app)!.storage;
const settings = { loanYears: 10 };
const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);

const declined = await orderFor(db, 'rejected', { daysAgo: 1 });
const settled = await orderFor(db, 'settled', { daysAgo: 40 });
const open = await orderFor(db, 'disbursed', { daysAgo: 5 });
const pictures = new Map<number, string>();
for (const o of [declined, settled, open])
  pictures.set(o.borrowerId, await identityPicture(t, authHeader(await t.login(o.phone))));

const sectionsOf = async (borrowerId: number) =>
  (await db.select().from(applicationAnswers).where(eq(applicationAnswers.borrowerId, borrowerId)))
    .map((a) => a.section)
    .sort();
const picturesOf = async (borrowerId: number) =>
  db
    .select()
    .from(uploads)
    .where(and(eq(uploads.borrowerId, borrowerId), eq(uploads.purpose, 'identity')));

describe('The retention job', () => {
  it('today: nothing has passed its period', async () => {
    const run = await runRetention(db, storage, settings, new Date());
    expect(run.report).toMatchObject({ declinedApplications: 0, settledLoans: 0, smsLogs: 0 });
    expect(await sectionsOf(declined.borrowerId)).toEqual(['ext', 'job', 'personal', 'public']);
  });

  it('after 40 days: references are gone (used only to verify), everything else stays', async () => {
    const run = await runRetention(db, storage, settings, later(40));
    expect(run.report.references).toBeGreaterThanOrEqual(3);
    for (const o of [declined, settled, open])
      expect(await sectionsOf(o.borrowerId)).toEqual(['job', 'personal', 'public']);
    expect(run.report.declinedApplications).toBe(0);
    expect(await picturesOf(declined.borrowerId)).toHaveLength(1);
  });

  it('after 200 days: the declined application and its pictures, and old SMS logs, are gone; an open loan keeps its application', async () => {
    const smsBefore = (await db.select().from(smsOutbox)).length;
    const run = await runRetention(db, storage, settings, later(200));
    expect(run.report.declinedApplications).toBeGreaterThanOrEqual(1);
    expect(await sectionsOf(declined.borrowerId)).toEqual([]);
    expect(await picturesOf(declined.borrowerId)).toEqual([]);
    const name = pictures.get(declined.borrowerId)!.split('/').at(-1)!;
    expect((await storage.get(name))?.length ?? 0).toBe(0);
    expect(run.report.smsLogs).toBe(smsBefore);
    expect(await sectionsOf(open.borrowerId)).toEqual(['job', 'personal', 'public']);
    expect(await picturesOf(open.borrowerId)).toHaveLength(1);
    expect(await picturesOf(settled.borrowerId)).toHaveLength(1);
  });

  it('after 11 years: the settled loan’s borrower is anonymised, the loan kept, the open loan untouched, the books unchanged', async () => {
    const today = manilaToday();
    const before = await trialBalance(db, today, today);
    const run = await runRetention(db, storage, settings, later(11 * 365));
    expect(run.report.settledLoans).toBeGreaterThanOrEqual(1);
    const [anonymous] = await db.select().from(borrowers).where(eq(borrowers.id, settled.borrowerId));
    expect(anonymous).toMatchObject({ phone: `erased-${settled.borrowerId}`, fullName: null });
    expect(await picturesOf(settled.borrowerId)).toEqual([]);
    expect(await db.select().from(loanOrders).where(eq(loanOrders.id, settled.orderId))).toHaveLength(1);
    const [stillThere] = await db.select().from(borrowers).where(eq(borrowers.id, open.borrowerId));
    expect(stillThere?.phone).toBe(open.phone);
    expect(await trialBalance(db, today, today)).toEqual(before);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('the privacy desk shows the schedule with its legal basis and each day’s report; a second run the same day adds to it', async () => {
    const dpo = await staffHeader(t, ['dpo']);
    const first = await postCall(t, '/admin/privacy/retention/run', dpo);
    expect(first.code).toBe(0);
    const desk = await getCall(t, '/admin/privacy/retention', dpo);
    expect(desk.data.schedule.map((r: { kind: string }) => r.kind)).toEqual([
      'declinedApplications',
      'settledLoans',
      'identityImages',
      'references',
      'signIns',
      'smsLogs',
    ]);
    expect(desk.data.schedule[1].basis).toMatch(/RA 9160/);
    expect(desk.data.runs.map((r: { runDate: string }) => r.runDate)).toContain(first.data.runDate);
    const again = await postCall(t, '/admin/privacy/retention/run', dpo);
    expect(again.data.runDate).toBe(first.data.runDate);
    expect(Object.keys(again.data.report).sort()).toEqual(Object.keys(first.data.report).sort());
  });

  it('is scheduled daily at 01:30 in Manila, after close of business', () => {
    const job = startRetentionScheduler(db, storage, settings, t.app.log);
    const next = job.nextRun();
    job.stop();
    const manila = next?.toLocaleTimeString('en-GB', { timeZone: 'Asia/Manila', hour: '2-digit', minute: '2-digit' });
    expect(manila).toBe('01:30');
  });
});
