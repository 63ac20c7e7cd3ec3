import { App, Button, Input, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import type { CallReply } from '../../../shared/api/define-call';
import { allocationParts, isExtension } from '../../../shared/allocation-parts';
import { payments } from '../../../shared/contracts/back-office-queues';
import { reversePayment } from '../../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';
import { type DeskField, DeskFilters, useDeskFilters } from '../../desk-filters';
import { useDeskPage } from '../../desk-paging';
import { DeskTable } from '../../desk-table';
import { ManualPostings } from './manual-postings';
import { ReversalRequests } from './reversal-requests';

type Row = CallReply<typeof payments>['list'][number];
type Sort = 'createdAt' | 'amount' | 'businessDate';
const SORTS: readonly Sort[] = ['createdAt', 'amount', 'businessDate'];
type Filters = { orderNo?: string; reference?: string; status?: 'posted' | 'reversed' };
const FIELDS: readonly DeskField<Filters>[] = [
  {
    kind: 'search',
    key: 'orderNo',
    placeholder: 'Contract number (84 or HRM00000084)',
    label: 'Find the payments of a contract',
    width: 300,
  },
  { kind: 'search', key: 'reference', placeholder: 'Reference', label: 'Find payments by reference', width: 220 },
  {
    kind: 'select',
    key: 'status',
    placeholder: 'Any status',
    label: 'Status',
    width: 160,
    options: [
      { value: 'posted', label: 'Posted' },
      { value: 'reversed', label: 'Reversed' },
    ],
  },
];

/** Finance: posted payments with provider references, value dates and allocations; reversal asked with a reason and approved by a second person; manual payments. */
export function Payments() {
  const [reason, setReason] = useState('');
  const { page, setPage, firstPage } = useDeskPage<Sort>('createdAt', 'desc');
  const { filters, set } = useDeskFilters<Filters>({}, firstPage);
  const list = useCall(payments, { ...page, ...filters });
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
      <DeskFilters fields={FIELDS} filters={filters} set={set} />
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
