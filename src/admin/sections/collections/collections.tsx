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
import { deskHref } from '../../desk-paths';
import { DeskTable } from '../../desk-table';
import { ContactDrawer, WAIT_TEXT } from './collections-contact';

const BUCKET_TITLES: Record<Bucket, string> = {
  due: 'Due',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '91+': '91+ days',
};

/**
 * Collections: due and overdue loans by days past due, and contact attempts within SEC MC 18
 * s.2019. The server checks every rule; the desk shows when the next contact is allowed.
 */
export function Collections() {
  const [bucket, setBucket] = useState<Bucket | 'all'>('all');
  const queue = useCall(collectionsQueue, bucket === 'all' ? {} : { bucket });
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
        title={`Contact only the borrower, from 6 AM to 10 PM Manila time unless the loan is more than 15 days past due or the borrower consented; at most ${queue.data?.dailyCap ?? '…'} attempts per loan a day. No threats, insults or obscene words.`}
      />
      <Tabs
        activeKey={bucket}
        onChange={(key) => setBucket(key as Bucket | 'all')}
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
        dataSource={queue.data?.list ?? []}
        locale={{ emptyText: 'No loan in this bucket' }}
        columns={[
          {
            title: 'Order',
            dataIndex: 'orderNo',
            render: (orderNo: string) => <a href={deskHref.find(orderNo)}>{orderNo}</a>,
          },
          {
            title: 'Borrower',
            dataIndex: 'fullName',
            render: (name: string | null, row) => <a href={deskHref.borrower(row.borrowerId)}>{name ?? '—'}</a>,
          },
          { title: 'Mobile', dataIndex: 'phone' },
          {
            title: 'Days past due',
            dataIndex: 'daysPastDue',
            align: 'right',
            render: (days: number, row) => (row.status === 174 ? <Tag color="orange">due</Tag> : days),
          },
          { title: 'Past due', dataIndex: 'amountPastDue', align: 'right', render: peso },
          {
            title: 'Last contact',
            dataIndex: 'lastContactAt',
            render: (at: string | null, row) => (at ? `${manilaTime(at)} · ${row.lastOutcome ?? ''}` : 'never'),
          },
          {
            title: 'Next contact (Manila)',
            dataIndex: 'nextAllowedAt',
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
                Contact
              </Button>
            ),
          },
        ]}
      />
      {open ? <ContactDrawer row={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
