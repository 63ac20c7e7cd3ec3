import { App, Button, Card, Space } from 'antd';
import { approveReversal, rejectReversal, reversals } from '../../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';

/**
 * Finance: a reversal one person asked for waits here for a second finance user, who approves it
 * (the payment is reversed and the loan rebuilt) or rejects it (the payment stays posted).
 */
export function ReversalRequests() {
  const pending = useCall(reversals, { status: 'pending' });
  const approve = useAction(approveReversal);
  const reject = useAction(rejectReversal);
  const { message } = App.useApp();
  const fail = (err: Error) => void message.error(err.message);
  return (
    <Card title="Reversals waiting for a second finance user" style={{ marginBottom: 24 }}>
      <DeskTable
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={pending.isPending}
        dataSource={pending.data?.list ?? []}
        locale={{ emptyText: 'No reversal waiting' }}
        columns={[
          { title: 'Contract', dataIndex: 'orderNo' },
          { title: 'Provider', dataIndex: 'provider' },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          { title: 'Why', dataIndex: 'reason' },
          { title: 'Asked by', dataIndex: 'requestedBy' },
          { title: 'Asked', dataIndex: 'requestedAt', render: manilaTime },
          {
            title: 'Decision',
            key: 'decide',
            render: (_: unknown, row) => (
              <Space>
                <Button
                  size="small"
                  type="primary"
                  danger
                  onClick={() =>
                    approve.mutate(
                      { requestId: row.id },
                      {
                        onSuccess: (r) => void message.success(`Reversed; the order is now ${r.orderStatus}`),
                        onError: fail,
                      },
                    )
                  }
                >
                  Approve reversal
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    reject.mutate(
                      { requestId: row.id, reason: 'The payment stands' },
                      { onSuccess: () => void message.success('Rejected; the payment stays posted'), onError: fail },
                    )
                  }
                >
                  Reject
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
