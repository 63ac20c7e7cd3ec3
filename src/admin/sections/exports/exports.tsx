import { App, Button, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { EXPORT_CSV_PATH, EXPORTS, type ExportName } from '../../../shared/contracts/back-office-exports';
import { manilaToday } from '../../../shared/format/date';
import { downloadCsv } from './download-csv';

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * Finance and admin: the rows behind the reports as CSV for any dates (loan tape, payments,
 * payouts, journal lines, trial balance), opened in a spreadsheet as they are: UTF-8 with a
 * byte-order mark, and any cell typed as a formula read as text.
 */
export function Exports() {
  const today = manilaToday();
  const [name, setName] = useState<ExportName>('loans');
  const [range, setRange] = useState({ from: monthStart(today), to: today });
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const download = () => {
    setBusy(true);
    downloadCsv(EXPORT_CSV_PATH, new URLSearchParams({ export: name, ...range }))
      .catch((err: Error) => void message.error(err.message))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        Each export is every row for the dates chosen, read in batches, so a long range takes a moment but never stops
        short. Amounts are in pesos with two decimals; times are Manila time. Each download is kept in the audit log.
      </Typography.Paragraph>
      <Space wrap align="end">
        <span>
          <span style={{ marginRight: 8 }}>Export</span>
          <Select<ExportName>
            value={name}
            onChange={setName}
            style={{ width: 460 }}
            aria-label="Export"
            data-testid="export-name"
            options={Object.entries(EXPORTS).map(([value, label]) => ({ value, label }))}
          />
        </span>
        <label htmlFor="export-from">From</label>
        <Input
          id="export-from"
          type="date"
          value={range.from}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          style={{ width: 160 }}
          data-testid="export-from"
        />
        <label htmlFor="export-to">To</label>
        <Input
          id="export-to"
          type="date"
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          style={{ width: 160 }}
          data-testid="export-to"
        />
        <Button type="primary" loading={busy} onClick={download} data-testid="export-csv">
          Download CSV
        </Button>
      </Space>
    </>
  );
}
