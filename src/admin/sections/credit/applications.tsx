import { App, Button, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import type { CallReply } from '../../../shared/api/define-call';
import { applications } from '../../../shared/contracts/back-office-queues';
import {
  APPROVE_REASONS,
  type ApproveReason,
  REJECT_REASONS,
  type RejectReason,
} from '../../../shared/contracts/credit-review';
import { approve, reject } from '../../../shared/contracts/operator-loans';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';
import { DeskTable } from '../../desk-table';
import { ApplicationReview } from './application-review';

type Row = CallReply<typeof applications>['list'][number];
type Deciding = { order: Row; approve: boolean } | null;

const options = (reasons: Record<string, string>) =>
  Object.entries(reasons).map(([value, label]) => ({ value, label }));

/** How long an application has waited, as credit reads it. */
function waited(createdAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / (24 * 60))} days`;
}

/**
 * Credit: applications in review (21), oldest first, with how long each waited and what ties the
 * borrower to others. Each opens a review; approving one with a duplicate signal needs a reason
 * from the list, rejecting always does (the borrower reads it), with words of credit's own.
 */
export function Applications() {
  const list = useCall(applications, {});
  const approveCall = useAction(approve);
  const rejectCall = useAction(reject);
  const { message } = App.useApp();
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [code, setCode] = useState<string | undefined>();
  const [words, setWords] = useState('');
  const [onlySignals, setOnlySignals] = useState(false);
  const close = () => {
    setDeciding(null);
    setCode(undefined);
    setWords('');
  };
  const submit = () => {
    if (!deciding) return;
    const { order } = deciding;
    const done = {
      onSuccess: () => {
        close();
        void message.success(`${order.orderNo} ${deciding.approve ? 'approved' : 'rejected'}`);
      },
      onError: (err: Error) => void message.error(err.message),
    };
    if (deciding.approve)
      approveCall.mutate(
        {
          orderId: order.orderId,
          ...(code ? { reasonCode: code as ApproveReason } : {}),
          ...(words ? { note: words } : {}),
        },
        done,
      );
    else
      rejectCall.mutate(
        {
          orderId: order.orderId,
          ...(code ? { reasonCode: code as RejectReason } : {}),
          ...(words ? { reason: words } : {}),
        },
        done,
      );
  };
  const rows = (list.data?.list ?? []).filter((o) => !onlySignals || o.signals > 0);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type={onlySignals ? 'primary' : 'default'}
          onClick={() => setOnlySignals(!onlySignals)}
          data-testid="only-signals"
        >
          {onlySignals ? 'Showing only those with a duplicate signal' : 'Only those with a duplicate signal'}
        </Button>
      </Space>
      <DeskTable<Row>
        rowKey="orderId"
        loading={list.isPending}
        dataSource={rows}
        locale={{ emptyText: 'No application is waiting' }}
        columns={[
          {
            title: 'Order',
            dataIndex: 'orderNo',
            render: (orderNo: string) => <a href={deskHref.find(orderNo)}>{orderNo}</a>,
          },
          {
            title: 'Waiting',
            dataIndex: 'createdAt',
            render: (at: string) => <span title={manilaTime(at)}>{waited(at)}</span>,
          },
          { title: 'Borrower', render: (_, o) => `${o.fullName ?? '—'} · ${o.phone} (${o.borrowerKind})` },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          { title: 'Term', render: (_, o) => `${o.termDays} days` },
          { title: 'Owes already', dataIndex: 'outstanding', align: 'right', render: peso },
          {
            title: 'Checks',
            dataIndex: 'signals',
            render: (n: number, o) =>
              n > 0 ? (
                <Tag color="red" data-testid={`signals-${o.orderNo}`}>{`${n} signal${n > 1 ? 's' : ''}`}</Tag>
              ) : (
                <Tag>none</Tag>
              ),
          },
          {
            title: 'Decision',
            fixed: 'right',
            render: (_, order) => (
              <Space>
                <Button onClick={() => setReviewing(order.orderId)} data-testid={`review-${order.orderNo}`}>
                  Review
                </Button>
                <Button
                  type="primary"
                  data-testid={`approve-${order.orderNo}`}
                  onClick={() => setDeciding({ order, approve: true })}
                >
                  Approve
                </Button>
                <Button
                  danger
                  onClick={() => setDeciding({ order, approve: false })}
                  data-testid={`reject-${order.orderNo}`}
                >
                  Reject
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {reviewing !== null ? <ApplicationReview orderId={reviewing} onClose={() => setReviewing(null)} /> : null}
      <Modal
        title={`${deciding?.approve ? 'Approve' : 'Reject'} ${deciding?.order.orderNo ?? ''}`}
        open={deciding !== null}
        okText={deciding?.approve ? 'Approve' : 'Reject'}
        okButtonProps={{ danger: deciding?.approve === false, loading: approveCall.isPending || rejectCall.isPending }}
        onCancel={close}
        onOk={submit}
      >
        <label htmlFor="decision-reason">
          {deciding?.approve
            ? 'Why (required when the borrower has a duplicate signal)'
            : 'The reason, as the borrower will read it'}
        </label>
        <Select
          id="decision-reason"
          style={{ width: '100%', margin: '4px 0 12px' }}
          allowClear
          placeholder="Choose from the list"
          value={code}
          onChange={setCode}
          options={options(deciding?.approve ? APPROVE_REASONS : REJECT_REASONS)}
          data-testid="decision-reason"
        />
        <label htmlFor="decision-words">
          {deciding?.approve
            ? 'Note for the history (optional)'
            : 'Words of your own (optional with a reason from the list)'}
        </label>
        <Input.TextArea
          id="decision-words"
          rows={3}
          value={words}
          onChange={(e) => setWords(e.target.value)}
          maxLength={300}
        />
      </Modal>
    </>
  );
}
