import { sql } from 'drizzle-orm';
import type { ReportRequest, ReportTable } from '../../../../shared/contracts/back-office-reports';
import { REPORTS } from '../../../../shared/contracts/back-office-reports';
import { type Db, rowsOf } from '../../../db/client';
import { typeLabel } from '../../complaints/catalogue';
import { dailyCash } from './daily-cash';
import { dateColumn, dayRange, manilaDay } from './report-range';

type Rows = Record<string, string | number | null>[];
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Rows> {
  return rowsOf<Rows[number]>(await db.execute(query));
}

/** Applications by the day they came in: how many were approved, rejected or are still waiting. */
async function applications(db: Db, request: ReportRequest): Promise<ReportTable> {
  const range = dayRange(manilaDay('o.created_at'), request);
  const list = await rows(
    db,
    sql`select ${range.label} as day, count(*)::int as applications,
      count(*) filter (where exists (select 1 from order_events e where e.order_id = o.id and e.to_status = 110))::int as approved,
      count(*) filter (where exists (select 1 from order_events e where e.order_id = o.id and e.to_status = 151))::int as rejected
    from loan_orders o where ${range.within} group by 1 order by 1`,
  );
  const withRate = list.map((r) => ({
    ...r,
    rate: share(Number(r.approved), Number(r.approved) + Number(r.rejected)),
  }));
  return {
    title: REPORTS.applications,
    columns: [
      { key: 'day', title: 'Day', kind: 'text' },
      { key: 'applications', title: 'Applications', kind: 'count' },
      { key: 'approved', title: 'Approved', kind: 'count' },
      { key: 'rejected', title: 'Rejected', kind: 'count' },
      { key: 'rate', title: 'Approval rate (of decided)', kind: 'percent' },
    ],
    rows: withRate,
    totals: null,
  };
}

/**
 * Loans paid out by the business date their disbursal was booked: principal lent and what reached
 * the borrowers, read from the disbursal journals (so the cash column is the trial balance's
 * `cash_disbursed` movement for the same days).
 */
async function disbursements(db: Db, request: ReportRequest): Promise<ReportTable> {
  const range = dayRange(dateColumn('l.business_date'), request);
  const list = await rows(
    db,
    sql`select ${range.label} as day,
      count(distinct l.order_id) filter (where l.account = 'principal_receivable' and l.memo = 'disbursal')::int as loans,
      coalesce(sum(l.debit) filter (where l.account = 'principal_receivable' and l.memo = 'disbursal'), 0)::bigint as principal,
      coalesce(sum(l.credit - l.debit) filter (where l.account = 'cash_disbursed'), 0)::bigint as "netProceeds"
    from ledger_entries l
    where ${range.within}
      and (l.account = 'cash_disbursed' or (l.account = 'principal_receivable' and l.memo = 'disbursal'))
    group by 1 order by 1`,
  );
  return {
    title: REPORTS.disbursements,
    columns: [
      { key: 'day', title: 'Booked on', kind: 'text' },
      { key: 'loans', title: 'Loans', kind: 'count' },
      { key: 'principal', title: 'Principal', kind: 'money' },
      { key: 'netProceeds', title: 'Net proceeds sent', kind: 'money' },
    ],
    rows: list,
    totals: null,
  };
}

/**
 * Cash received by business date, read from the ledger's `cash_collections` account: a reversal
 * lowers the day it is booked, so the total is the trial balance's movement of that account. The
 * split by kind follows the payment each journal was written for.
 */
async function collections(db: Db, request: ReportRequest): Promise<ReportTable> {
  const range = dayRange(dateColumn('l.business_date'), request);
  const list = await rows(
    db,
    sql`select ${range.label} as day,
      count(distinct l.payment_id) filter (where l.debit > 0)::int as payments,
      count(distinct l.payment_id) filter (where l.credit > 0)::int as reversals,
      coalesce(sum(l.debit - l.credit) filter (where p.kind is distinct from 'extension'), 0)::bigint as repayments,
      coalesce(sum(l.debit - l.credit) filter (where p.kind = 'extension'), 0)::bigint as extensions,
      coalesce(sum(l.debit - l.credit), 0)::bigint as total
    from ledger_entries l left join payments p on p.id = l.payment_id
    where l.account = 'cash_collections' and ${range.within}
    group by 1 order by 1`,
  );
  return {
    title: REPORTS.collections,
    columns: [
      { key: 'day', title: 'Business date', kind: 'text' },
      { key: 'payments', title: 'Payments', kind: 'count' },
      { key: 'reversals', title: 'Reversed', kind: 'count' },
      { key: 'repayments', title: 'Repayments', kind: 'money' },
      { key: 'extensions', title: 'Extension fees', kind: 'money' },
      { key: 'total', title: 'Collected', kind: 'money' },
    ],
    rows: list,
    totals: null,
  };
}

/**
 * Loans with principal outstanding at the end of `to`, read from the ledger's principal receivable
 * booked by then (so the whole portfolio is the trial balance's `principal_receivable`), and each
 * one's days past due on `to` by its due date.
 */
const openLoansOn = (to: string) => sql`with open as (
      select sum(l.debit - l.credit) as outstanding, greatest(${to}::date - o.due_date, 0) as late
      from ledger_entries l join loan_orders o on o.id = l.order_id
      where l.account = 'principal_receivable' and l.business_date <= ${to}::date
      group by o.id, o.due_date having sum(l.debit - l.credit) > 0)`;

/**
 * Portfolio at risk on the range's last day: the outstanding principal of loans more than 1, 7,
 * 30 and 90 days past due, against all outstanding principal, as booked by the end of that day.
 */
async function par(db: Db, { to }: ReportRequest): Promise<ReportTable> {
  const [book] = await rows(
    db,
    sql`${openLoansOn(to)}
    select count(*)::int as loans, coalesce(sum(outstanding), 0)::bigint as outstanding,
      ${sql.raw([1, 7, 30, 90].map((d) => `count(*) filter (where late > ${d})::int as n${d}, coalesce(sum(outstanding) filter (where late > ${d}), 0)::bigint as p${d}`).join(', '))}
    from open`,
  );
  const total = Number(book?.outstanding ?? 0);
  const list = [1, 7, 30, 90].map((d) => ({
    bucket: `PAR ${d}`,
    loans: Number(book?.[`n${d}`] ?? 0),
    outstanding: Number(book?.[`p${d}`] ?? 0),
    share: share(Number(book?.[`p${d}`] ?? 0), total),
  }));
  return {
    title: `${REPORTS.par} on ${to}`,
    columns: [
      { key: 'bucket', title: 'More than … days past due', kind: 'text' },
      { key: 'loans', title: 'Loans', kind: 'count' },
      { key: 'outstanding', title: 'Outstanding principal at risk', kind: 'money' },
      { key: 'share', title: 'Share of the portfolio', kind: 'percent' },
    ],
    rows: [
      ...list,
      { bucket: 'Whole portfolio', loans: Number(book?.loans ?? 0), outstanding: total, share: total > 0 ? 100 : null },
    ],
    totals: null,
  };
}

/** Open loans' outstanding principal on the range's last day, by days past due (the collections buckets). */
const AGEING = [
  { bucket: 'Not yet due', from: null, to: 0 },
  { bucket: '1–7 days past due', from: 1, to: 7 },
  { bucket: '8–30 days past due', from: 8, to: 30 },
  { bucket: '31–90 days past due', from: 31, to: 90 },
  { bucket: 'More than 90 days past due', from: 91, to: null },
] as const;

async function ageing(db: Db, { to }: ReportRequest): Promise<ReportTable> {
  const [book] = await rows(
    db,
    sql`${openLoansOn(to)}
    select coalesce(sum(outstanding), 0)::bigint as total,
      ${sql.raw(
        AGEING.map((b, i) => {
          const where = [b.from === null ? null : `late >= ${b.from}`, b.to === null ? null : `late <= ${b.to}`]
            .filter(Boolean)
            .join(' and ');
          return `count(*) filter (where ${where})::int as n${i}, coalesce(sum(outstanding) filter (where ${where}), 0)::bigint as p${i}`;
        }).join(', '),
      )}
    from open`,
  );
  const total = Number(book?.total ?? 0);
  return {
    title: `${REPORTS.ageing} on ${to}`,
    columns: [
      { key: 'bucket', title: 'Days past due', kind: 'text' },
      { key: 'loans', title: 'Loans', kind: 'count' },
      { key: 'outstanding', title: 'Outstanding principal', kind: 'money' },
      { key: 'share', title: 'Share of the portfolio', kind: 'percent' },
    ],
    rows: AGEING.map((b, i) => ({
      bucket: b.bucket,
      loans: Number(book?.[`n${i}`] ?? 0),
      outstanding: Number(book?.[`p${i}`] ?? 0),
      share: share(Number(book?.[`p${i}`] ?? 0), total),
    })),
    totals: null,
  };
}

/**
 * Vintage: the loans paid out in each month of the range, and how that cohort stands today:
 * settled, still open, principal repaid, principal still out, and the part of it more than 30
 * days past due or written off.
 */
async function vintage(db: Db, request: ReportRequest): Promise<ReportTable> {
  const paidOut = dayRange(dateColumn('o.disbursed_on'), request);
  const list = await rows(
    db,
    sql`select to_char(date_trunc('month', o.disbursed_on), 'YYYY-MM') as month, count(*)::int as loans, sum(o.amount)::bigint as principal,
      count(*) filter (where o.status = 200)::int as settled,
      coalesce(sum(coalesce((o.loan_state->'paid'->>'principal')::bigint, 0)), 0)::bigint as repaid,
      coalesce(sum(o.amount - coalesce((o.loan_state->'paid'->>'principal')::bigint, 0)) filter (where o.status <> 200), 0)::bigint as outstanding,
      coalesce(sum(o.amount - coalesce((o.loan_state->'paid'->>'principal')::bigint, 0))
        filter (where o.status <> 200 and (o.write_off is not null or current_date - o.due_date > 30)), 0)::bigint as "bad"
    from loan_orders o where ${paidOut.within} group by 1 order by 1`,
  );
  return {
    title: REPORTS.vintage,
    columns: [
      { key: 'month', title: 'Paid out in', kind: 'text' },
      { key: 'loans', title: 'Loans', kind: 'count' },
      { key: 'principal', title: 'Principal lent', kind: 'money' },
      { key: 'settled', title: 'Settled', kind: 'count' },
      { key: 'repaid', title: 'Principal repaid', kind: 'money' },
      { key: 'outstanding', title: 'Principal still out', kind: 'money' },
      { key: 'bad', title: '30+ days past due or written off', kind: 'money' },
      { key: 'badShare', title: 'Of principal lent', kind: 'percent' },
    ],
    rows: list.map((r) => ({ ...r, badShare: share(Number(r.bad), Number(r.principal)) })),
    totals: null,
  };
}

/** Complaints filed in the range by type: how many were answered and how fast. */
async function complaints(db: Db, request: ReportRequest): Promise<ReportTable> {
  const filed = dayRange(manilaDay('c.created_at'), request);
  const list = await rows(
    db,
    sql`select c.problem_type as type, count(*)::int as filed, count(c.replied_at)::int as answered,
      round(avg(extract(epoch from c.replied_at - c.created_at) / 3600)::numeric, 1)::float as "avgHours",
      round(max(extract(epoch from c.replied_at - c.created_at) / 3600)::numeric, 1)::float as "maxHours"
    from complaints c where ${filed.within} group by 1 order by 1`,
  );
  return {
    title: REPORTS.complaints,
    columns: [
      { key: 'type', title: 'Type', kind: 'text' },
      { key: 'filed', title: 'Filed', kind: 'count' },
      { key: 'answered', title: 'Answered', kind: 'count' },
      { key: 'avgHours', title: 'Average hours to answer', kind: 'text' },
      { key: 'maxHours', title: 'Longest hours to answer', kind: 'text' },
    ],
    rows: list.map((r) => ({ ...r, type: typeLabel(Number(r.type)) })),
    totals: null,
  };
}

const RUN = {
  applications,
  disbursements,
  collections,
  par,
  ageing,
  vintage,
  complaints,
  cash: dailyCash,
} satisfies Record<keyof typeof REPORTS, unknown>;

/** Runs one report; counts and money columns get a total row (integer sums, to the centavo). */
export async function runReport(db: Db, request: ReportRequest): Promise<ReportTable> {
  const table = await RUN[request.report](db, request);
  const rowsNumeric = table.rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'string' && /^-?\d+$/.test(v) && table.columns.some((c) => c.key === k && c.kind !== 'text')
          ? Number(v)
          : v,
      ]),
    ),
  );
  const summed = table.columns.filter((c) => c.kind === 'count' || c.kind === 'money');
  const totals =
    request.report === 'par' || rowsNumeric.length === 0
      ? null
      : Object.fromEntries(
          summed.map((c) => [c.key, rowsNumeric.reduce((sum, row) => sum + Number(row[c.key] ?? 0), 0)]),
        );
  return { ...table, rows: rowsNumeric, totals };
}
