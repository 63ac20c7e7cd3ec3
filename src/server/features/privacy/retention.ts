import { and, eq, inArray, like, lt, not, or, sql } from 'drizzle-orm';
import { OPEN_STATUSES, OrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import {
  applicationAnswers,
  borrowerDevices,
  borrowers,
  loanOrders,
  otpCodes,
  privacyHolds,
  retentionRuns,
  sessions,
  smsOutbox,
  uploads,
} from '../../db/schema';
import { manilaDateOf } from '../../domain/loan';
import {
  CODE_DAYS,
  DEVICE_DAYS,
  type RetentionKind,
  UNUSED_IMAGE_DAYS,
  retentionSchedule,
} from '../../privacy/retention-schedule';
import type { ImageStorage } from '../../providers/storage/image-storage';
import { refreshAllSignalFlags } from '../../duplicate-signals/flags';
import { anonymiseBorrower, wipeUploads } from './erase';
import { outerColumn } from '../../db/outer-column';

const DAY_MS = 86_400_000;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type RetentionReport = Record<RetentionKind | 'sessions' | 'devices' | 'oneTimeCodes', number>;

interface LoanSummary {
  borrowerId: number;
  open: boolean;
  allRejected: boolean;
  inReview: boolean;
  last: Date;
}

async function loanSummaries(db: Db): Promise<LoanSummary[]> {
  const open = sql.raw(OPEN_STATUSES.join(','));
  const rows = await db
    .select({
      borrowerId: loanOrders.borrowerId,
      open: sql<boolean>`bool_or(${loanOrders.status} in (${open}))`,
      allRejected: sql<boolean>`bool_and(${loanOrders.status} = ${OrderStatus.REJECTED})`,
      inReview: sql<boolean>`bool_or(${loanOrders.status} = ${OrderStatus.REVIEW})`,
      last: sql<string>`max(${loanOrders.updatedAt})`,
    })
    .from(loanOrders)
    .groupBy(loanOrders.borrowerId);
  return rows.map((r) => ({ ...r, last: new Date(r.last) }));
}

/**
 * The daily retention job (docs/privacy.md "Retention"): each kind of data past its period is
 * deleted or anonymised, on the clock it is given. Loan and money records are never touched: a
 * settled loan's borrower is anonymised and the loan stays as an anonymous accounting record.
 * Running it twice on a day adds nothing the first run left undone; the day's report sums both.
 */
export async function runRetention(
  db: Db,
  storage: ImageStorage,
  settings: { loanYears: number },
  now: Date,
): Promise<{ runDate: string; ranAt: string; report: RetentionReport }> {
  const rules = Object.fromEntries(
    retentionSchedule({ PRIVACY_LOAN_RECORDS_YEARS: settings.loanYears }).map((r) => [r.kind, r.days]),
  ) as Record<RetentionKind, number>;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const report: RetentionReport = {
    declinedApplications: 0,
    settledLoans: 0,
    identityImages: 0,
    references: 0,
    signIns: 0,
    sessions: 0,
    devices: 0,
    oneTimeCodes: 0,
    smsLogs: 0,
  };
  const loans = await loanSummaries(db);
  const closed = loans.filter((l) => !l.open);

  // Declined applications: the answers and the pictures behind them.
  const declined = closed
    .filter((l) => l.allRejected && l.last < ago(rules.declinedApplications))
    .map((l) => l.borrowerId);
  if (declined.length) {
    const gone = await db
      .delete(applicationAnswers)
      .where(inArray(applicationAnswers.borrowerId, declined))
      .returning({ borrowerId: applicationAnswers.borrowerId });
    report.declinedApplications = new Set(gone.map((g) => g.borrowerId)).size;
    report.identityImages += await wipeUploads(
      db,
      storage,
      and(inArray(uploads.borrowerId, declined), eq(uploads.purpose, 'identity')),
    );
  }

  // Settled loans past the record-keeping years: the borrower anonymised, the loans kept as accounting records.
  const ended = closed.filter((l) => !l.allRejected && l.last < ago(rules.settledLoans)).map((l) => l.borrowerId);
  const named = ended.length
    ? await db
        .select({ id: borrowers.id })
        .from(borrowers)
        .where(and(inArray(borrowers.id, ended), not(like(borrowers.phone, 'erased-%'))))
    : [];
  for (const { id } of named) {
    await db.transaction(async (tx) => {
      await anonymiseBorrower(tx, storage, id);
      await tx.insert(privacyHolds).values({
        borrowerId: id,
        kind: 'kept',
        what: 'Loan records as anonymous accounting records',
        reason: `Past ${settings.loanYears} years after the last loan ended: the borrower was anonymised`,
      });
    });
    report.settledLoans += 1;
  }

  // Identity pictures: 5 years after the last loan ends; 180 days when no loan was made.
  const withLoans = new Set(loans.map((l) => l.borrowerId));
  const oldLoans = closed.filter((l) => l.last < ago(rules.identityImages)).map((l) => l.borrowerId);
  if (oldLoans.length)
    report.identityImages += await wipeUploads(
      db,
      storage,
      and(inArray(uploads.borrowerId, oldLoans), eq(uploads.purpose, 'identity')),
    );
  const unused = await db
    .select({ borrowerId: uploads.borrowerId })
    .from(uploads)
    .where(and(eq(uploads.purpose, 'identity'), lt(uploads.createdAt, at(ago(UNUSED_IMAGE_DAYS)))));
  const neverLent = [
    ...new Set(unused.map((u) => u.borrowerId).filter((id): id is number => id !== null && !withLoans.has(id))),
  ];
  if (neverLent.length)
    report.identityImages += await wipeUploads(
      db,
      storage,
      and(
        inArray(uploads.borrowerId, neverLent),
        eq(uploads.purpose, 'identity'),
        lt(uploads.createdAt, at(ago(UNUSED_IMAGE_DAYS))),
      ),
    );

  // References: used only to verify the application, gone 30 days after it is decided.
  const decided = loans.filter((l) => !l.inReview && l.last < ago(rules.references)).map((l) => l.borrowerId);
  const refs = await db
    .delete(applicationAnswers)
    .where(
      and(
        eq(applicationAnswers.section, 'ext'),
        or(
          decided.length ? inArray(applicationAnswers.borrowerId, decided) : sql`false`,
          // An application never submitted: its reference half a year after it was last saved.
          and(
            lt(applicationAnswers.updatedAt, at(ago(UNUSED_IMAGE_DAYS))),
            withLoans.size ? not(inArray(applicationAnswers.borrowerId, [...withLoans])) : sql`true`,
          ),
        ),
      ),
    )
    .returning({ borrowerId: applicationAnswers.borrowerId });
  report.references = refs.length;

  // Sign-in records.
  const oldSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, at(ago(rules.signIns))),
        and(sql`${sessions.revokedAt} is not null`, lt(sessions.revokedAt, at(ago(rules.signIns)))),
      ),
    )
    .returning({ id: sessions.id });
  const oldDevices = await db
    .delete(borrowerDevices)
    .where(lt(borrowerDevices.lastSeenAt, at(ago(DEVICE_DAYS))))
    .returning({ id: borrowerDevices.id });
  const oldCodes = await db
    .delete(otpCodes)
    .where(lt(otpCodes.createdAt, at(ago(CODE_DAYS))))
    .returning({ id: otpCodes.id });
  report.sessions = oldSessions.length;
  report.devices = oldDevices.length;
  report.oneTimeCodes = oldCodes.length;
  report.signIns = oldSessions.length + oldDevices.length + oldCodes.length;
  // ID numbers and devices gone: the credit desk's signal flags recomputed for everyone.
  if (report.declinedApplications || oldDevices.length) await refreshAllSignalFlags(db);

  const sms = await db
    .delete(smsOutbox)
    .where(lt(smsOutbox.createdAt, at(ago(rules.smsLogs))))
    .returning({ id: smsOutbox.id });
  report.smsLogs = sms.length;

  const runDate = manilaDateOf(now);
  const [run] = await db
    .insert(retentionRuns)
    .values({ runDate, report, ranAt: now })
    .onConflictDoUpdate({
      target: retentionRuns.runDate,
      set: {
        ranAt: now,
        report: sql`(select jsonb_object_agg(k, coalesce((${outerColumn(retentionRuns.report)} ->> k)::int, 0) + (excluded.report ->> k)::int) from jsonb_object_keys(excluded.report) k)`,
      },
    })
    .returning();
  return { runDate, ranAt: run!.ranAt.toISOString(), report: run!.report as RetentionReport };
}
