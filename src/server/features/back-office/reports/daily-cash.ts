import { sql } from 'drizzle-orm';
import { REPORTS, type ReportRequest, type ReportTable } from '../../../../shared/contracts/back-office-reports';
import { channelByNumber } from '../../../../shared/payment-channels';
import { type Db, rowsOf } from '../../../db/client';
import { dateColumn, dayRange } from './report-range';

/** The ledger's cash accounts (books/chart-of-accounts.ts): in from borrowers, out as disbursals and refunds. */
export const CASH_ACCOUNTS = ['cash_collections', 'cash_disbursed', 'cash_refunds_paid'] as const;

const PROVIDER_LABELS: Record<string, string> = { manual: 'Manual postings', sandbox: 'Sandbox', xendit: 'Xendit' };

/** Where money came in through: the channel the borrower paid at, else the provider, else a ledger adjustment. */
function sourceOf(provider: string | null, channel: number | null): string {
  if (channel !== null) {
    const name = channelByNumber(Number(channel))?.name;
    if (name) return name;
  }
  if (provider) return PROVIDER_LABELS[provider] ?? provider;
  return 'Adjustments';
}

const keyOf = (source: string) => `in_${source.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

interface Movement {
  day: string;
  account: (typeof CASH_ACCOUNTS)[number];
  provider: string | null;
  channel: number | null;
  /** Debits less credits, in centavos. */
  net: string;
}

/**
 * Finance's daily cash: per business date, the money that came in (by channel or provider), the
 * money that went out (disbursals paid out, refunds paid) and the net, read from the ledger's
 * cash accounts so every figure is what the books hold: a day's net is the day's movement of the
 * three cash accounts in the trial balance. Money in is each posting's debit to
 * `cash_collections` (less the credits of reversals), attributed to the payment the journal was
 * written for; a journal with no payment shows as an adjustment.
 */
export async function dailyCash(db: Db, request: ReportRequest): Promise<ReportTable> {
  const range = dayRange(dateColumn('e.business_date'), request);
  const movements = rowsOf<Movement>(
    await db.execute(sql`
      select ${range.label} as day, e.account, p.provider, r.channel_number as channel,
        sum(e.debit - e.credit)::text as net
      from ledger_entries e
      left join payments p on p.id = e.payment_id
      left join pay_requests r on r.provider = p.provider and r.reference = p.reference
      where e.account in (${sql.join(
        CASH_ACCOUNTS.map((a) => sql`${a}`),
        sql`, `,
      )}) and ${range.within}
      group by 1, 2, 3, 4
      order by 1`),
  );
  const sources = new Map<string, string>();
  const byDay = new Map<string, Record<string, number>>();
  for (const m of movements) {
    const row = byDay.get(m.day) ?? { moneyIn: 0, disbursed: 0, refunds: 0 };
    const net = Number(m.net);
    if (m.account === 'cash_collections') {
      const source = sourceOf(m.provider, m.channel);
      const key = keyOf(source);
      sources.set(key, source);
      row[key] = (row[key] ?? 0) + net;
      row.moneyIn = (row.moneyIn ?? 0) + net;
    } else if (m.account === 'cash_disbursed') row.disbursed = (row.disbursed ?? 0) - net;
    else row.refunds = (row.refunds ?? 0) - net;
    byDay.set(m.day, row);
  }
  const sourceKeys = [...sources].sort((a, b) => a[1].localeCompare(b[1]));
  const rows = [...byDay].map(([day, r]) => {
    const moneyOut = (r.disbursed ?? 0) + (r.refunds ?? 0);
    return {
      day,
      ...Object.fromEntries(sourceKeys.map(([key]) => [key, r[key] ?? 0])),
      moneyIn: r.moneyIn ?? 0,
      disbursed: r.disbursed ?? 0,
      refunds: r.refunds ?? 0,
      moneyOut,
      net: (r.moneyIn ?? 0) - moneyOut,
    };
  });
  return {
    title: REPORTS.cash,
    columns: [
      { key: 'day', title: 'Business date', kind: 'text' },
      ...sourceKeys.map(([key, source]) => ({ key, title: `In: ${source}`, kind: 'money' as const })),
      { key: 'moneyIn', title: 'Money in', kind: 'money' },
      { key: 'disbursed', title: 'Disbursals paid out', kind: 'money' },
      { key: 'refunds', title: 'Refunds paid', kind: 'money' },
      { key: 'moneyOut', title: 'Money out', kind: 'money' },
      { key: 'net', title: 'Net', kind: 'money' },
    ],
    rows,
    totals: null,
  };
}
