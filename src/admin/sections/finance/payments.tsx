import { App, Button, Input, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { allocationParts, isExtension } from '../../../shared/allocation-parts';
import { payments } from '../../../shared/contracts/back-office-queues';
import { reversePayment } from '../../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';
import { DeskTable } from '../../desk-table';
import { ManualPostings } from './manual-postings';
import { ReversalRequests } from './reversal-requests';

/** Finance: posted payments with provider references, value dates and allocations; reversal asked with a reason and approved by a second person; manual payments. */
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
        onSuccess: (r) =>
          void message.success(
            r.duplicate
              ? 'This reversal was already asked for: it waits for a second finance user'
              : 'Asked; a second finance user must approve the reversal',
          ),
        onError: (err) => void message.error(err.message),
      },
    );
  return (
    <>
      <ManualPostings />
      <ReversalRequests />
      <Input.Search
        placeholder="Contract number"
        allowClear
        onSearch={(v) => setOrderNo(v.trim().toUpperCase())}
        style={{ width: 260, marginBottom: 16 }}
        aria-label="Find the payments of a contract"
      />
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        summary={(rows) =>
          rows.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={6}>
                Total of the {rows.length} payments on this page
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                <span data-testid="payments-total">{peso(rows.reduce((sum, p) => sum + p.amount, 0))}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} colSpan={4} />
            </Table.Summary.Row>
          ) : null
        }
        columns={[
          { title: 'Paid on', dataIndex: 'valueDate' },
          { title: 'Posted', dataIndex: 'createdAt', render: manilaTime },
          { title: 'Contract', dataIndex: 'orderNo', render: (no: string) => <a href={deskHref.find(no)}>{no}</a> },
          { title: 'Provider', dataIndex: 'provider' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'For', dataIndex: 'kind' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          {
            title: 'Allocation',
            dataIndex: 'allocation',
            render: (a: Record<string, number>) => (
              <>
                {allocationParts(a)
                  .map((part) => `${part.name} ${peso(part.amount)}`)
                  .join(', ')}
                {isExtension(a) ? <Tag style={{ marginLeft: 8 }}>extension</Tag> : null}
              </>
            ),
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
                  description={
                    <Input
                      placeholder="Reason (required)"
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                      aria-label="Reason for the reversal"
                    />
                  }
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
