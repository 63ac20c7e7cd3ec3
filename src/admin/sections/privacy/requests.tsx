import { App, Button, Drawer, Input, Radio, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { CallReply } from '../../../shared/api/define-call';
import { deskAnswer, deskRequests } from '../../../shared/contracts/privacy';
import { useAction, useCall } from '../../api';
import { DeskTable } from '../../desk-table';
import { manilaTime } from '../../desk-format';

type Request = CallReply<typeof deskRequests>['list'][number];
const when = (at: string | null) => manilaTime(at);

/** Days left to the legal deadline, red when overdue. */
function Due({ at }: { at: string }) {
  const days = Math.ceil((new Date(at).getTime() - Date.now()) / 86_400_000);
  return (
    <Tag color={days < 0 ? 'red' : days <= 3 ? 'orange' : 'default'}>
      {days < 0 ? `${-days} d overdue` : `${days} d left`}
    </Tag>
  );
}

const detailText = (r: Request) =>
  Object.entries(r.detail)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ') || '—';

/** The privacy requests: open ones by deadline, answered ones newest first; answer done or refused. */
export function PrivacyRequests() {
  const [status, setStatus] = useState<'open' | 'answered'>('open');
  const list = useCall(deskRequests, { status });
  const [open, setOpen] = useState<Request | null>(null);
  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(k) => setStatus(k as 'open' | 'answered')}
        items={[
          { key: 'open', label: 'Open' },
          { key: 'answered', label: 'Answered' },
        ]}
      />
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'No requests' }}
        columns={[
          { title: 'Asked', dataIndex: 'createdAt', render: when },
          { title: 'Borrower', dataIndex: 'phone' },
          { title: 'Right', dataIndex: 'kind', render: (k: string) => <Tag>{k}</Tag> },
          { title: 'Detail', render: (_, r) => detailText(r), ellipsis: true },
          {
            title: 'Deadline',
            dataIndex: 'dueAt',
            render: (at: string, r) => (r.status === 'open' ? <Due at={at} /> : when(at)),
          },
          {
            title: 'Answer',
            render: (_, r) => (r.status === 'open' ? '—' : `${r.status}: ${r.outcome ?? ''}`),
            ellipsis: true,
          },
          {
            title: '',
            render: (_, r) =>
              r.status === 'open' ? (
                <Button type="primary" onClick={() => setOpen(r)} data-testid={`privacy-answer-${r.id}`}>
                  Answer
                </Button>
              ) : null,
          },
        ]}
      />
      {open ? <AnswerDrawer request={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

const HINTS: Record<string, string> = {
  correction: 'Done applies the new value to the answer and records the value before and after.',
  erasure:
    'Done erases the application, pictures, payout numbers, sign-ins and contact details; loan records are kept for the configured years and blocked. Refused while a loan is open.',
  blocking: 'Done blocks all processing except for the loan contract and the law.',
};

function AnswerDrawer({ request, onClose }: { request: Request; onClose: () => void }) {
  const answer = useAction(deskAnswer);
  const { message } = App.useApp();
  const [status, setStatus] = useState<'done' | 'refused'>('done');
  const [outcome, setOutcome] = useState('');
  const send = () =>
    answer.mutate(
      { id: request.id, status, outcome },
      {
        onSuccess: () => {
          void message.success('Answered; the borrower is told by SMS');
          onClose();
        },
        onError: (e) => void message.error(e.message),
      },
    );
  return (
    <Drawer open title={`${request.kind} · ${request.phone}`} size={520} onClose={onClose}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          Asked {when(request.createdAt)}; answer due by {when(request.dueAt)}.
        </Typography.Text>
        <Typography.Text>{detailText(request)}</Typography.Text>
        <Typography.Text type="secondary">{HINTS[request.kind]}</Typography.Text>
        <Radio.Group value={status} onChange={(e) => setStatus(e.target.value)} data-testid="privacy-answer-status">
          <Radio value="done">Done</Radio>
          <Radio value="refused">Refused</Radio>
        </Radio.Group>
        <Input.TextArea
          rows={4}
          maxLength={500}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value)}
          placeholder="The answer the borrower reads (and receives by SMS)"
          aria-label="Answer"
          data-testid="privacy-answer-text"
        />
        <Button
          type="primary"
          loading={answer.isPending}
          disabled={!outcome.trim()}
          onClick={send}
          data-testid="privacy-answer-send"
        >
          Send the answer
        </Button>
      </Space>
    </Drawer>
  );
}
