import { App, Button, Input, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { payments } from '../../shared/contracts/back-office-queues';
import { reversePayment } from '../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../api';
import { ManualPostings } from './manual-postings';

/** The allocation's money buckets; `extended` is a yes/no marker, never money. */
const MONEY_KEYS = ['legalCharges', 'enforcementCosts', 'penalties', 'fees', 'interest', 'principal', 'credit'];

/** Finance: posted payments with provider references, value dates and allocations; reversal with a reason; manual payments. */
export function Payments() {
  const [orderNo, setOrderNo] = useState('');
  const [reason, setReason] = useState('');
  const list = useCall(payments, { orderNo: orderNo || undefined });
  const reverse = useAction(reversePayment);
  const { message } = App.useApp();
  const doReverse = (paymentId: number) =>
    reverse.mutate(
      { paymentId, reason },
      {
        onSuccess: (r) => void message.success(r.duplicate ? 'This payment was already reversed' : `Reversed; the order is now ${r.orderStatus}`),
        onError: (err) => void message.error(err.message),
      },
    );
  return (
    <>
      <ManualPostings />
      <Input.Search placeholder="Contract number" allowClear onSearch={(v) => setOrderNo(v.trim().toUpperCase())} style={{ width: 260, marginBottom: 16 }} aria-label="Find the payments of a contract" />
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: 'Paid on', dataIndex: 'valueDate' },
          { title: 'Booked', dataIndex: 'businessDate' },
          { title: 'Contract', dataIndex: 'orderNo' },
          { title: 'Provider', dataIndex: 'provider' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'For', dataIndex: 'kind', render: (kind: string, row) => (row.allocation.extended === 1 ? `${kind} (extended)` : kind) },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          {
            title: 'Allocation',
            dataIndex: 'allocation',
            render: (a: Record<string, number>) =>
              MONEY_KEYS.filter((k) => (a[k] ?? 0) > 0)
                .map((k) => `${k} ${peso(a[k])}`)
                .join(', '),
          },
          { title: 'By', dataIndex: 'postedBy' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: string, row) =>
              status === 'reversed' ? (
                <Tag color="red" title={row.reversalReason ?? ''}>
                  reversed
                </Tag>
              ) : (
                <Popconfirm
                  title="Reverse this payment?"
                  description={<Input placeholder="Reason (required)" value={reason} onChange={(e) => setReason(e.target.value)} aria-label="Reason for the reversal" />}
                  okText="Reverse"
                  onConfirm={() => doReverse(row.id)}
                >
                  <Button size="small" danger>
                    Reverse
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </>
  );
}
