import { Alert, Button, Tabs, Tag } from 'antd';
import { useState } from 'react';
import {
  BUCKETS,
  type Bucket,
  type CollectionsRow,
  collectionsQueue,
} from '../../../shared/contracts/back-office-collections';
import { peso, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { type DeskField, DeskFilters, useDeskFilters } from '../../desk-filters';
import { deskHref } from '../../desk-paths';
import { DeskTable } from '../../desk-table';
import { Collectors } from './collectors';
import { ContactDrawer, WAIT_TEXT } from './collections-contact';

const BUCKET_TITLES: Record<Bucket, string> = {
  due: 'Due',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '91+': '91+ days',
};
const PAGE_SIZE = 20;

/** The queue's filters: the bucket, picked on the tabs (each shows its count), and whose loans, on the bar. */
type Filters = { scope: 'mine' | 'all'; bucket?: Bucket };
const FIELDS: readonly DeskField<Filters>[] = [
  {
    kind: 'choice',
    key: 'scope',
    label: 'Whose loans',
    testId: 'collections-scope',
    options: [
      { value: 'mine', label: 'My worklist' },
      { value: 'all', label: 'All loans in collection' },
    ],
  },
];

/**
 * Collections: due and overdue loans dealt to collectors by days past due, each collector's
 * worklist, and contact within SEC MC 18 s.2019. The server checks every rule and pages the list;
 * the desk shows when the next contact is allowed.
 */
export function Collections() {
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  const { filters, set } = useDeskFilters<Filters>({ scope: 'mine' }, firstPage);
  const queue = useCall(collectionsQueue, {
    ...(filters.bucket ? { bucket: filters.bucket } : {}),
    ...(filters.scope === 'mine' ? { mine: '1' as const } : {}),
    ...paging,
  });
  const [open, setOpen] = useState<CollectionsRow | null>(null);
  const counts = queue.data?.counts;
  const total = counts ? BUCKETS.reduce((sum, b) => sum + counts[b], 0) : null;
  const count = (n: number | null | undefined) => (n === null || n === undefined ? '' : ` (${n})`);
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`Contact only the borrower's own mobile, never a reference, from 6 AM to 10 PM Manila time unless the loan is more than 15 days past due or the borrower's own consent is in force (only the borrower gives it); at most ${queue.data?.dailyCap ?? '…'} attempts per loan a day. No threats, insults or obscene words.`}
      />
      <Tabs
        activeKey={filters.bucket ?? 'all'}
        onChange={(key) => set({ bucket: key === 'all' ? undefined : (key as Bucket) })}
        items={[
          { key: 'all', label: <span data-testid="bucket-all">All{count(total)}</span> },
          ...BUCKETS.map((b) => ({
            key: b,
            label: <span data-testid={`bucket-${b}`}>{`${BUCKET_TITLES[b]}${count(counts?.[b])}`}</span>,
          })),
        ]}
      />
      <DeskFilters fields={FIELDS} filters={filters} set={set}>
        <Collectors collectors={queue.data?.collectors ?? []} />
      </DeskFilters>
      <DeskTable<CollectionsRow>
        rowKey="orderId"
        loading={queue.isPending}
        dataSource={queue.data?.items ?? []}
        locale={{ emptyText: filters.scope === 'mine' ? 'No loan on your worklist here' : 'No loan in this bucket' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: queue.data?.total ?? 0,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          {
            title: 'Order',
            dataIndex: 'orderNo',
            sorter: false,
            render: (orderNo: string) => <a href={deskHref.find(orderNo)}>{orderNo}</a>,
          },
          {
            title: 'Borrower',
            dataIndex: 'fullName',
            sorter: false,
            render: (name: string | null, row) => <a href={deskHref.borrower(row.borrowerId)}>{name ?? '—'}</a>,
          },
          { title: 'Mobile', dataIndex: 'phone', sorter: false },
          {
            title: 'Days late',
            dataIndex: 'daysPastDue',
            align: 'right',
            sorter: false,
            render: (days: number, row) => (row.status === 174 ? <Tag color="orange">due</Tag> : days),
          },
          { title: 'Past due', dataIndex: 'amountPastDue', align: 'right', sorter: false, render: peso },
          { title: 'Collector', dataIndex: 'collector', sorter: false, render: (name: string | null) => name ?? '—' },
          {
            title: 'Promise',
            dataIndex: 'openPromise',
            sorter: false,
            render: (p: CollectionsRow['openPromise']) => (p ? `${peso(p.amount)} by ${p.promisedDay}` : '—'),
          },
          {
            title: 'Last contact',
            dataIndex: 'lastContactAt',
            sorter: false,
            render: (at: string | null, row) => (at ? `${manilaTime(at)} · ${row.lastOutcome ?? ''}` : 'never'),
          },
          {
            title: 'Next contact',
            dataIndex: 'nextAllowedAt',
            sorter: false,
            render: (at: string, row) =>
              row.waitReason ? (
                <span title={WAIT_TEXT[row.waitReason]}>
                  <Tag color="orange" style={{ marginInlineEnd: 8 }}>
                    {WAIT_TEXT[row.waitReason]}
                  </Tag>
                  {manilaTime(at)}
                </span>
              ) : (
                <Tag color="green">now{row.consented ? ' · consented' : ''}</Tag>
              ),
          },
          {
            title: '',
            render: (_, row) => (
              <Button type="primary" onClick={() => setOpen(row)} data-testid={`contact-${row.orderNo}`}>
                Work
              </Button>
            ),
          },
        ]}
      />
      {open ? <ContactDrawer row={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
