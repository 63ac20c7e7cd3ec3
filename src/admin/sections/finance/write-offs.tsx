import { App, Card, Form, Tag } from 'antd';
import { staffMe } from '../../../shared/contracts/back-office';
import { requestWriteOff, type WriteOffRow, writeOffs } from '../../../shared/contracts/write-offs';
import { manilaTime } from '../../desk-format';
import { peso, useAction, useCall } from '../../api';
import { DeskTable } from '../../desk-table';
import { CheckerActions } from '../checker/checker-actions';
import { ProposalForm } from './proposal-form';

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
  const me = useCall(staffMe, {});
  const { message } = App.useApp();
  const [form] = Form.useForm<WriteOffForm>();
  const fail = (err: Error) => void message.error(err.message);
  return (
    <Card title="Propose a write-off, or decide one entered by someone else">
      <ProposalForm<WriteOffForm>
        form={form}
        note={{ name: 'reason', label: 'Reason', hint: 'Why the loan cannot be collected', width: 360 }}
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
        pending={enter.isPending}
        submit="Propose write-off"
        danger
      />
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
            fixed: 'right',
            render: (_: unknown, row) =>
              row.status === 'pending' ? (
                <CheckerActions kind="writeOff" id={row.id} mine={row.requestedBy === me.data?.email} />
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
