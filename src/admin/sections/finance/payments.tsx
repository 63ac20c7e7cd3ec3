import { App, Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { CallReply } from '../../../shared/api/define-call';
import { allocationParts, isExtension } from '../../../shared/allocation-parts';
import { payments } from '../../../shared/contracts/back-office-queues';
import { reversePayment } from '../../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';
import { useDeskPage } from '../../desk-paging';
import { DeskTable } from '../../desk-table';
import { ManualPostings } from './manual-postings';
import { ReversalRequests } from './reversal-requests';

type Row = CallReply<typeof payments>['list'][number];
type Sort = 'createdAt' | 'amount' | 'businessDate';
const SORTS: readonly Sort[] = ['createdAt', 'amount', 'businessDate'];

/** Finance: posted payments with provider references, value dates and allocations; reversal asked with a reason and approved by a second person; manual payments. */
export function Payments() {
  const [orderNo, setOrderNo] = useState('');
  const [reference, setReference] = useState('');
  const [status, setStatus] = useState<'posted' | 'reversed' | undefined>();
  const [reason, setReason] = useState('');
  const { page, setPage, firstPage } = useDeskPage<Sort>('createdAt', 'desc');
  const list = useCall(payments, {
    ...page,
    orderNo: orderNo || undefined,
    reference: reference || undefined,
    status,
  });
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
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="Contract number (84 or HRM00000084)"
          allowClear
          onSearch={(v) => {
            setOrderNo(v.trim());
            firstPage();
          }}
          style={{ width: 300 }}
          aria-label="Find the payments of a contract"
        />
        <Input.Search
          placeholder="Reference"
          allowClear
          onSearch={(v) => {
            setReference(v.trim());
            firstPage();
          }}
          style={{ width: 220 }}
          aria-label="Find payments by reference"
        />
        <Select
          aria-label="Status"
          placeholder="Any status"
          allowClear
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            firstPage();
          }}
          options={[
            { value: 'posted', label: 'Posted' },
            { value: 'reversed', label: 'Reversed' },
          ]}
        />
      </Space>
      <DeskTable<Row, Sort>
        rowKey="id"
        server={{ page, total: list.data?.total ?? 0, sorts: SORTS, onChange: setPage }}
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
          { title: 'Paid on', dataIndex: 'valueDate', width: 110 },
          { title: 'Posted', dataIndex: 'createdAt', render: manilaTime, width: 150 },
          { title: 'Contract', dataIndex: 'orderNo', render: (no: string) => <a href={deskHref.find(no)}>{no}</a> },
          { title: 'Provider', dataIndex: 'provider' },
          { title: 'Reference', dataIndex: 'reference', ellipsis: true, width: 160 },
          { title: 'For', dataIndex: 'kind' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          {
            title: 'Allocation',
            dataIndex: 'allocation',
            width: 260,
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
            fixed: 'right',
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
