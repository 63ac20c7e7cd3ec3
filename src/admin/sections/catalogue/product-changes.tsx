import { App, Button, Card, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import {
  approveProductChange,
  type ProductChangeRow,
  productChanges,
  rejectProductChange,
} from '../../../shared/contracts/back-office-catalogue';
import { useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';

/** Admin: product changes waiting for a second admin, who approves them or rejects them with a reason. */
export function PendingProductChanges() {
  const list = useCall(productChanges, { status: 'pending' });
  const approve = useAction(approveProductChange);
  const reject = useAction(rejectProductChange);
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<ProductChangeRow | null>(null);
  const [reason, setReason] = useState('');
  const fail = (err: Error) => void message.error(err.message, 8);
  const rows = list.data?.list ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title="Changes waiting for a second admin" size="small" style={{ marginBottom: 16 }}>
      <DeskTable<ProductChangeRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="pending-changes"
        columns={[
          { title: 'Product', dataIndex: 'productName' },
          {
            title: 'Change',
            render: (_, row) =>
              row.changes.map((c) => (
                <div key={c.field}>{`${c.field.replace(/^terms\./, '')}: ${c.before} → ${c.after}`}</div>
              )),
          },
          {
            title: 'Proposed by',
            dataIndex: 'requestedBy',
            render: (by: string, row) => (
              <span data-testid={`proposed-by-${row.id}`}>
                {row.requestedByName ? `${row.requestedByName} (${by})` : by}
                <br />
                {manilaTime(row.requestedAt)}
              </span>
            ),
          },
          { title: 'Status', dataIndex: 'status', render: () => <Tag color="orange">pending</Tag> },
          {
            title: 'Decision',
            key: 'decide',
            render: (_, row) => (
              <Space>
                <Button
                  size="small"
                  type="primary"
                  onClick={() =>
                    approve.mutate(
                      { changeId: row.id },
                      {
                        onSuccess: () => void message.success('Approved: the product takes the new terms'),
                        onError: fail,
                      },
                    )
                  }
                >
                  Approve
                </Button>
                <Button size="small" onClick={() => setRejecting(row)}>
                  Reject
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={`Reject the change to ${rejecting?.productName ?? ''}`}
        okText="Reject"
        okButtonProps={{ disabled: reason.trim().length < 3, loading: reject.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          rejecting &&
          reject.mutate(
            { changeId: rejecting.id, reason },
            {
              onSuccess: () => {
                void message.success('Rejected; the product keeps its terms');
                setRejecting(null);
                setReason('');
              },
              onError: fail,
            },
          )
        }
      >
        <Input.TextArea
          aria-label="Why the change is rejected"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
