import { Card } from 'antd';
import { staffMe } from '../../../shared/contracts/back-office';
import { reversals } from '../../../shared/contracts/operator-loans';
import { peso, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';
import { CheckerActions } from '../checker/checker-actions';

/**
 * Finance: a reversal one person asked for waits here for a second finance user, who approves it
 * (the payment is reversed and the loan rebuilt) or rejects it (the payment stays posted).
 */
export function ReversalRequests() {
  const pending = useCall(reversals, { status: 'pending' });
  const me = useCall(staffMe, {});
  return (
    <Card title="Reversals waiting for a second finance user" style={{ marginBottom: 24 }}>
      <DeskTable
        rowKey="id"
        size="small"
        loading={pending.isPending}
        dataSource={pending.data?.list ?? []}
        locale={{ emptyText: 'No reversal waiting' }}
        columns={[
          { title: 'Contract', dataIndex: 'orderNo' },
          {
            title: 'Payment',
            dataIndex: 'reference',
            ellipsis: true,
            width: 180,
            render: (reference: string, row) => `${row.provider} · ${reference}`,
          },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          { title: 'Why', dataIndex: 'reason', ellipsis: true, width: 200 },
          {
            title: 'Asked',
            dataIndex: 'requestedAt',
            render: (at: string, row) => (
              <span>
                {row.requestedBy}
                <br />
                {manilaTime(at)}
              </span>
            ),
          },
          {
            title: 'Decision',
            key: 'decide',
            fixed: 'right',
            render: (_: unknown, row) => (
              <CheckerActions kind="reversal" id={row.id} mine={row.requestedBy === me.data?.email} />
            ),
          },
        ]}
      />
    </Card>
  );
}
