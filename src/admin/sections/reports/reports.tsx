import { Alert, App, Button, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { API_BASE } from '../../../shared/constants';
import {
  REPORT_CSV_PATH,
  REPORTS,
  type ReportColumn,
  type ReportName,
  type ReportRow,
  runReport,
} from '../../../shared/contracts/back-office-reports';
import { manilaToday } from '../../../shared/format/date';
import { staffToken, useCall } from '../../api';
import { peso } from '../../desk-format';
import { DeskTable } from '../../desk-table';

/** A report cell as the desk shows it: pesos for money, one decimal for a share. */
export function reportCell(value: string | number | null | undefined, kind: ReportColumn['kind']): string {
  if (value === null || value === undefined) return '—';
  if (kind === 'money' && typeof value === 'number') return peso(value);
  if (kind === 'percent' && typeof value === 'number') return `${value.toFixed(1)}%`;
  return String(value);
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** Downloads the CSV with the staff token (a plain link would carry none). */
async function downloadCsv(query: URLSearchParams): Promise<void> {
  const res = await fetch(`${API_BASE}${REPORT_CSV_PATH}?${query}`, {
    headers: { authorization: `Staff ${staffToken.get() ?? ''}` },
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/csv'))
    throw new Error('The CSV could not be made; check the range');
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Reports of the book on one day: they take an as-of date, not a range. */
export const AS_OF_REPORTS: readonly ReportName[] = ['par', 'ageing'];

/**
 * Finance and admin: one report at a time for a date range, with its total row and a CSV of the
 * same rows. With `only`, the one report without the picker (the daily cash section).
 */
export function Reports({ only }: { only?: ReportName } = {}) {
  const today = manilaToday();
  const [picked, setReport] = useState<ReportName>('applications');
  const report = only ?? picked;
  const [chosen, setRange] = useState({ from: monthStart(today), to: today });
  // PAR and ageing are as of one day (the book on that date), not over a range.
  const asOf = AS_OF_REPORTS.includes(report);
  const range = asOf ? { from: chosen.to, to: chosen.to } : chosen;
  const table = useCall(runReport, { report, ...range });
  const { message } = App.useApp();
  const columns = table.data?.columns ?? [];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }} align="end">
        {only ? null : (
          <span>
            <span style={{ marginRight: 8 }}>Report</span>
            <Select<ReportName>
              value={report}
              onChange={setReport}
              style={{ width: 320 }}
              aria-label="Report"
              data-testid="report-name"
              options={Object.entries(REPORTS).map(([value, label]) => ({ value, label }))}
            />
          </span>
        )}
        {asOf ? (
          <>
            <label htmlFor="report-as-of">As of</label>
            <Input
              id="report-as-of"
              type="date"
              value={range.to}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
              style={{ width: 160 }}
              data-testid="report-as-of"
            />
          </>
        ) : (
          <>
            <label htmlFor="report-from">From</label>
            <Input
              id="report-from"
              type="date"
              value={range.from}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
              style={{ width: 160 }}
              data-testid="report-from"
            />
            <label htmlFor="report-to">To</label>
            <Input
              id="report-to"
              type="date"
              value={range.to}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
              style={{ width: 160 }}
              data-testid="report-to"
            />
          </>
        )}
        <Button
          type="primary"
          data-testid="report-csv"
          disabled={!table.data}
          onClick={() =>
            downloadCsv(new URLSearchParams({ report, ...range })).catch(
              (err: Error) => void message.error(err.message),
            )
          }
        >
          Export CSV
        </Button>
      </Space>
      {table.error ? <Alert type="error" title={table.error.message} style={{ marginBottom: 16 }} /> : null}
      <DeskTable<ReportRow>
        caption={table.data?.title}
        rowKey={(row) => String(row[columns[0]?.key ?? ''] ?? '')}
        loading={table.isPending}
        dataSource={table.data?.rows ?? []}
        locale={{ emptyText: 'Nothing in this range' }}
        data-testid="report-table"
        columns={columns.map((c) => ({
          title: c.title,
          dataIndex: c.key,
          align: c.kind === 'text' ? 'left' : 'right',
          render: (value: string | number | null) => reportCell(value, c.kind),
        }))}
        summary={() =>
          table.data?.totals ? (
            <Table.Summary.Row>
              {columns.map((c, i) => (
                <Table.Summary.Cell key={c.key} index={i} align={c.kind === 'text' ? 'left' : 'right'}>
                  {i === 0 ? (
                    <strong>Total</strong>
                  ) : (
                    reportCell(
                      table.data?.totals?.[c.key],
                      c.kind === 'count' || c.kind === 'money' ? c.kind : 'text',
                    ).replace('—', '')
                  )}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}

/** Finance and admin: money in by channel, money out and the net per business date, read from the ledger's cash accounts. */
export function DailyCash() {
  return <Reports only="cash" />;
}
