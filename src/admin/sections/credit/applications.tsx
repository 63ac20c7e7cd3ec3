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
import { useDeskPage } from '../../desk-paging';
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
  const [onlySignals, setOnlySignals] = useState(false);
  const { page, setPage } = useDeskPage<'createdAt' | 'amount' | 'termDays'>('createdAt', 'asc');
  const list = useCall(applications, { ...page, onlySignals: onlySignals ? '1' : '0' });
  const approveCall = useAction(approve);
  const rejectCall = useAction(reject);
  const { message } = App.useApp();
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [code, setCode] = useState<string | undefined>();
  const [words, setWords] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const close = () => {
    setDeciding(null);
    setCode(undefined);
    setWords('');
    setInternalNote('');
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
          ...(internalNote ? { internalNote } : {}),
        },
        done,
      );
  };
  const rows = list.data?.list ?? [];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type={onlySignals ? 'primary' : 'default'}
          onClick={() => {
            setOnlySignals(!onlySignals);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          data-testid="only-signals"
        >
          {onlySignals ? 'Showing only those with a duplicate signal' : 'Only those with a duplicate signal'}
        </Button>
      </Space>
      <DeskTable<Row, 'createdAt' | 'amount' | 'termDays'>
        rowKey="orderId"
        server={{ page, total: list.data?.total ?? 0, sorts: ['createdAt', 'amount', 'termDays'], onChange: setPage }}
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
          { title: 'Term', dataIndex: 'termDays', render: (days: number) => `${days} days` },
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
            ? 'Note for the history (staff only, optional)'
            : 'Words to the borrower (optional with a reason from the list; the borrower reads them)'}
        </label>
        <Input.TextArea
          id="decision-words"
          rows={3}
          value={words}
          onChange={(e) => setWords(e.target.value)}
          maxLength={300}
          data-testid="decision-words"
        />
        {deciding?.approve === false ? (
          <>
            <label htmlFor="decision-internal" style={{ display: 'block', marginTop: 12 }}>
              Internal note (staff only, never shown to the borrower)
            </label>
            <Input.TextArea
              id="decision-internal"
              rows={3}
              value={internalNote}
              onChange={(e) => setInternalNote(e.target.value)}
              maxLength={1000}
              data-testid="decision-internal-note"
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
