import { App, Button } from 'antd';
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
import { type DeskField, DeskFilters, useDeskFilters } from '../../desk-filters';
import { DeskTable } from '../../desk-table';
import { downloadCsv } from '../exports/download-csv';

const PAGE_SIZE = 20;

type Filters = {
  order?: string;
  borrower?: string;
  staff?: string;
  action?: AuditAction | typeof REFUSED_ACTION;
  from?: string;
  to?: string;
};

const capital = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);
const ACTION_OPTIONS = [
  ...Object.entries(AUDIT_ACTIONS)
    .map(([value, phrase]) => ({ value, label: capital(phrase) }))
    .sort((a, b) => a.label.localeCompare(b.label)),
  { value: REFUSED_ACTION, label: 'Refused (not signed in, or a role missing)' },
];

const FIELDS: readonly DeskField<Filters>[] = [
  {
    kind: 'search',
    key: 'staff',
    placeholder: 'Staff name or e-mail',
    label: 'Staff name or e-mail',
    width: 230,
    testId: 'audit-staff',
  },
  {
    kind: 'search',
    key: 'borrower',
    placeholder: 'Borrower name or mobile',
    label: 'Borrower name or mobile',
    width: 250,
  },
  {
    kind: 'search',
    key: 'order',
    placeholder: 'Contract no. (HRM…)',
    label: 'Contract number',
    width: 200,
    testId: 'audit-order',
  },
  {
    kind: 'select',
    key: 'action',
    placeholder: 'Any action',
    label: 'Action',
    width: 280,
    options: ACTION_OPTIONS,
    searchable: true,
    testId: 'audit-action',
  },
  { kind: 'date', key: 'from', label: 'From', width: 150, testId: 'audit-from' },
  { kind: 'date', key: 'to', label: 'To', width: 150, testId: 'audit-to' },
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
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const { filters, set } = useDeskFilters<Filters>({}, () => setPaging((p) => ({ ...p, page: 1 })));
  const { message } = App.useApp();
  const list = useCall(auditLogSearch, { ...filters, ...paging });
  const exportCsv = () =>
    downloadCsv(
      AUDIT_CSV_PATH,
      new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined)),
    ).catch((err: Error) => void message.error(err.message));
  return (
    <>
      <DeskFilters fields={FIELDS} filters={filters} set={set}>
        <Button onClick={exportCsv} data-testid="audit-csv">
          Export CSV
        </Button>
      </DeskFilters>
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
