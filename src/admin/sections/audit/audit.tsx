import { App, Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_CSV_PATH,
  type AuditAction,
  REFUSED_ACTION,
  type ReadableAuditEntry,
} from '../../../shared/contracts/back-office-audit-log';
import { auditLogSearch } from '../../../shared/contracts/back-office-audit-log';
import { useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';
import { downloadCsv } from '../exports/download-csv';

const PAGE_SIZE = 20;

type Filter = {
  order: string;
  borrower: string;
  staff: string;
  action: AuditAction | typeof REFUSED_ACTION | '';
  from: string;
  to: string;
};
const NO_FILTER: Filter = { order: '', borrower: '', staff: '', action: '', from: '', to: '' };

const capital = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);
const ACTION_OPTIONS = [
  ...Object.entries(AUDIT_ACTIONS)
    .map(([value, phrase]) => ({ value, label: capital(phrase) }))
    .sort((a, b) => a.label.localeCompare(b.label)),
  { value: REFUSED_ACTION, label: 'Refused (not signed in, or a role missing)' },
];

/** Each field an entry changed: its label, then before → after; long values wrap, nothing is cut. */
const Changes = ({ changes }: { changes: ReadableAuditEntry['changes'] }) =>
  changes.length ? (
    <ul style={{ margin: 0, paddingLeft: 16, overflowWrap: 'anywhere' }} data-testid="audit-changes">
      {changes.map((c) => (
        <li key={`${c.label}:${c.after}`}>
          <strong>{c.label}</strong>: {c.before === null ? c.after : `${c.before} → ${c.after}`}
        </li>
      ))}
    </ul>
  ) : (
    '—'
  );

/**
 * Admin: the audit log as sentences, read only, newest first, filtered on the server by person,
 * borrower, contract, action and Manila dates, a page at a time with the total; the same entries as CSV.
 */
export function Audit() {
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const { message } = App.useApp();
  const list = useCall(auditLogSearch, { ...filter, ...paging });
  const set = (patch: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const search = (field: 'order' | 'borrower' | 'staff') => (value: string) => set({ [field]: value.trim() });
  const exportCsv = () =>
    downloadCsv(
      AUDIT_CSV_PATH,
      new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== '') as [string, string][]),
    ).catch((err: Error) => void message.error(err.message));
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }} align="end">
        <Input.Search
          placeholder="Staff name or e-mail"
          allowClear
          onSearch={search('staff')}
          aria-label="Staff name or e-mail"
          data-testid="audit-staff"
          style={{ width: 230 }}
        />
        <Input.Search
          placeholder="Borrower name or mobile"
          allowClear
          onSearch={search('borrower')}
          aria-label="Borrower name or mobile"
          style={{ width: 250 }}
        />
        <Input.Search
          placeholder="Contract no. (HRM…)"
          allowClear
          onSearch={search('order')}
          aria-label="Contract number"
          data-testid="audit-order"
          style={{ width: 200 }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Any action"
          aria-label="Action"
          data-testid="audit-action"
          style={{ width: 280 }}
          value={filter.action || undefined}
          onChange={(value?: Filter['action']) => set({ action: value ?? '' })}
          options={ACTION_OPTIONS}
        />
        <span>
          <label htmlFor="audit-from" style={{ marginRight: 8 }}>
            From
          </label>
          <Input
            id="audit-from"
            type="date"
            value={filter.from}
            onChange={(e) => set({ from: e.target.value })}
            style={{ width: 150 }}
            data-testid="audit-from"
          />
        </span>
        <span>
          <label htmlFor="audit-to" style={{ marginRight: 8 }}>
            To
          </label>
          <Input
            id="audit-to"
            type="date"
            value={filter.to}
            onChange={(e) => set({ to: e.target.value })}
            style={{ width: 150 }}
            data-testid="audit-to"
          />
        </span>
        <Button onClick={exportCsv} data-testid="audit-csv">
          Export CSV
        </Button>
      </Space>
      {list.error ? <div role="alert">{list.error.message}</div> : null}
      <DeskTable<ReadableAuditEntry>
        rowKey="id"
        tableLayout="fixed"
        scroll={{ x: undefined }}
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'No entry matches' }}
        data-testid="audit-table"
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          { title: 'When (Manila)', dataIndex: 'at', render: manilaTime, width: 160, sorter: false },
          {
            title: 'What happened',
            dataIndex: 'sentence',
            width: '42%',
            sorter: false,
            render: (sentence: string) => <span style={{ overflowWrap: 'anywhere' }}>{sentence}</span>,
          },
          {
            title: 'What changed',
            dataIndex: 'changes',
            sorter: false,
            render: (changes: ReadableAuditEntry['changes']) => <Changes changes={changes} />,
          },
        ]}
      />
    </>
  );
}
