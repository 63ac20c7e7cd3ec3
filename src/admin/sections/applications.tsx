import { App, Button, Input, Modal, Space } from 'antd';
import { DeskTable } from '../desk-table';
import { useState } from 'react';
import { applications } from '../../shared/contracts/back-office-queues';
import { approve, reject } from '../../shared/contracts/operator-loans';
import type { QueuedOrder } from '../../shared/contracts/back-office-queues';
import { useAction, useCall } from '../api';
import { orderColumns } from './order-columns';

/** Credit: applications in review (21) → approve (110) or reject (151) with a reason. */
export function Applications() {
  const list = useCall(applications, {});
  const approveCall = useAction(approve);
  const rejectCall = useAction(reject);
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<QueuedOrder | null>(null);
  const [reason, setReason] = useState('');
  const done = (text: string) => () => void message.success(text);
  const failed = (err: Error) => void message.error(err.message);
  return (
    <>
      <DeskTable
        rowKey="orderId"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'No application is waiting' }}
        columns={[
          ...orderColumns,
          {
            title: 'Decision',
            render: (_, order) => (
              <Space>
                <Button
                  type="primary"
                  data-testid={`approve-${order.orderNo}`}
                  onClick={() => approveCall.mutate({ orderId: order.orderId }, { onSuccess: done(`${order.orderNo} approved`), onError: failed })}
                >
                  Approve
                </Button>
                <Button danger onClick={() => setRejecting(order)}>
                  Reject
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={`Reject ${rejecting?.orderNo ?? ''}`}
        open={rejecting !== null}
        okText="Reject"
        okButtonProps={{ danger: true, loading: rejectCall.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          rejecting &&
          rejectCall.mutate(
            { orderId: rejecting.orderId, reason },
            {
              onSuccess: () => {
                setRejecting(null);
                setReason('');
                done(`${rejecting.orderNo} rejected`)();
              },
              onError: failed,
            },
          )
        }
      >
        <label htmlFor="reject-reason">The reason, as the borrower will read it</label>
        <Input.TextArea id="reject-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      </Modal>
    </>
  );
}
