import { Alert, Button, Segmented, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import {
  BUCKETS,
  type Bucket,
  type CollectionsRow,
  collectionsQueue,
} from '../../../shared/contracts/back-office-collections';
import { peso, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
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

/**
 * Collections: due and overdue loans dealt to collectors by days past due, each collector's
 * worklist, and contact within SEC MC 18 s.2019. The server checks every rule and pages the list;
 * the desk shows when the next contact is allowed.
 */
export function Collections() {
  const [bucket, setBucket] = useState<Bucket | 'all'>('all');
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const queue = useCall(collectionsQueue, {
    ...(bucket === 'all' ? {} : { bucket }),
    ...(scope === 'mine' ? { mine: '1' as const } : {}),
    ...paging,
  });
  const [open, setOpen] = useState<CollectionsRow | null>(null);
  const counts = queue.data?.counts;
  const total = counts ? BUCKETS.reduce((sum, b) => sum + counts[b], 0) : null;
  const count = (n: number | null | undefined) => (n === null || n === undefined ? '' : ` (${n})`);
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`Contact only the borrower's own mobile, never a reference, from 6 AM to 10 PM Manila time unless the loan is more than 15 days past due or the borrower's own consent is in force (only the borrower gives it); at most ${queue.data?.dailyCap ?? '…'} attempts per loan a day. No threats, insults or obscene words.`}
      />
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented
          data-testid="collections-scope"
          value={scope}
          onChange={(value) => {
            setScope(value as 'mine' | 'all');
            firstPage();
          }}
          options={[
            { value: 'mine', label: 'My worklist' },
            { value: 'all', label: 'All loans in collection' },
          ]}
        />
        <Collectors collectors={queue.data?.collectors ?? []} />
      </Space>
      <Tabs
        activeKey={bucket}
        onChange={(key) => {
          setBucket(key as Bucket | 'all');
          firstPage();
        }}
        items={[
          { key: 'all', label: <span data-testid="bucket-all">All{count(total)}</span> },
          ...BUCKETS.map((b) => ({
            key: b,
            label: <span data-testid={`bucket-${b}`}>{`${BUCKET_TITLES[b]}${count(counts?.[b])}`}</span>,
          })),
        ]}
      />
      <DeskTable<CollectionsRow>
        rowKey="orderId"
        loading={queue.isPending}
        dataSource={queue.data?.items ?? []}
        locale={{ emptyText: scope === 'mine' ? 'No loan on your worklist here' : 'No loan in this bucket' }}
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
