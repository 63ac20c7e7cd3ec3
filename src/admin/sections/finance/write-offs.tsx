import { App, Button, Card, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import {
  approveWriteOff,
  rejectWriteOff,
  requestWriteOff,
  type WriteOffRow,
  writeOffs,
} from '../../../shared/contracts/write-offs';
import { manilaTime } from '../../desk-format';
import { peso, useAction, useCall } from '../../api';
import { DeskTable } from '../../desk-table';

interface WriteOffForm {
  orderNo: string;
  reason: string;
}

const STATUS_COLOUR = { pending: 'orange', approved: 'red', rejected: 'default' } as const;

/**
 * Finance: an overdue loan is written off by two people. One enters the contract and the reason;
 * another approves (the carrying amount goes to expense; later payments are recoveries) or
 * rejects it with a reason.
 */
export function WriteOffs() {
  const list = useCall(writeOffs, {});
  const enter = useAction(requestWriteOff);
  const approve = useAction(approveWriteOff);
  const reject = useAction(rejectWriteOff);
  const { message } = App.useApp();
  const [form] = Form.useForm<WriteOffForm>();
  const [rejecting, setRejecting] = useState<WriteOffRow | null>(null);
  const [rejectReason, setRejectReason] = useState('');
  const fail = (err: Error) => void message.error(err.message);
  return (
    <Card title="Propose a write-off, or decide one entered by someone else">
      <Form
        form={form}
        layout="inline"
        onFinish={(values) =>
          enter.mutate(
            { orderNo: values.orderNo, reason: values.reason },
            {
              onSuccess: () => {
                void message.success('Entered; a second finance user must approve it');
                form.resetFields();
              },
              onError: fail,
            },
          )
        }
      >
        <Form.Item
          label="Contract"
          name="orderNo"
          rules={[{ required: true, message: 'The contract number, like HRM00000080' }]}
        >
          <Input style={{ width: 150 }} />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[{ required: true, min: 3, message: 'Why the loan cannot be collected' }]}
        >
          <Input style={{ width: 360 }} />
        </Form.Item>
        <Button type="primary" danger htmlType="submit" loading={enter.isPending}>
          Propose write-off
        </Button>
      </Form>
      <DeskTable<WriteOffRow>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'No write-offs' }}
        columns={[
          { title: 'Contract', dataIndex: 'orderNo' },
          { title: 'Reason', dataIndex: 'reason' },
          {
            title: 'Entered',
            dataIndex: 'requestedBy',
            render: (by: string, row) => <span title={manilaTime(row.requestedAt)}>{by}</span>,
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: WriteOffRow['status']) => <Tag color={STATUS_COLOUR[s]}>{s}</Tag>,
          },
          {
            title: 'Written off',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number | null, row) =>
              amount === null ? '—' : `${peso(amount)} on ${row.businessDate ?? ''}`,
          },
          {
            title: 'Decided by',
            dataIndex: 'decidedBy',
            render: (d: string | null, row) => (d ? `${d}${row.rejectReason ? `: ${row.rejectReason}` : ''}` : '—'),
          },
          {
            title: 'Decision',
            key: 'decide',
            render: (_: unknown, row) =>
              row.status === 'pending' ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    danger
                    onClick={() =>
                      approve.mutate(
                        { requestId: row.id },
                        { onSuccess: () => void message.success('Approved and booked'), onError: fail },
                      )
                    }
                  >
                    Approve
                  </Button>
                  <Button size="small" onClick={() => setRejecting(row)}>
                    Reject
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={`Reject the write-off of ${rejecting?.orderNo ?? ''}`}
        okText="Reject"
        okButtonProps={{ disabled: rejectReason.trim().length < 3, loading: reject.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          rejecting &&
          reject.mutate(
            { requestId: rejecting.id, reason: rejectReason },
            {
              onSuccess: () => {
                void message.success('Rejected');
                setRejecting(null);
                setRejectReason('');
              },
              onError: fail,
            },
          )
        }
      >
        <Input.TextArea
          aria-label="Why the write-off is rejected"
          rows={3}
          value={rejectReason}
          onChange={(e) => setRejectReason(e.target.value)}
          placeholder="Why it should not be written off"
        />
      </Modal>
    </Card>
  );
}
