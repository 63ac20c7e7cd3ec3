import { App, Button, Descriptions, Drawer, Input, Radio, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import {
  attemptHistory,
  type CollectionsRow,
  type ContactRule,
  logAttempt,
  NOTE_MAX,
  OUTCOMES,
  sendText,
  TEMPLATE_KEYS,
  type TemplateKey,
} from '../../../shared/contracts/back-office-collections';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { ConsentEvidence } from './consent-evidence';
import { NotesAndPromises } from './notes-promises';

export const WAIT_TEXT: Record<ContactRule, string> = {
  'contact-hours': 'outside 6 AM–10 PM',
  'daily-cap': 'daily cap reached',
  party: 'borrower only',
  reference: 'never a reference',
  'note-language': 'note refused',
  'message-language': 'text refused',
  'not-in-collection': 'not in collection',
};

const OUTCOME_TEXT: Record<(typeof OUTCOMES)[number], string> = {
  reached: 'Reached the borrower',
  'promise-to-pay': 'Promise to pay',
  'no-answer': 'No answer',
  busy: 'Busy',
  'wrong-number': 'Wrong number',
  'sms-sent': 'Text sent',
};

const TEMPLATE_TEXT: Record<TemplateKey, string> = {
  'payment-reminder': 'Payment reminder',
  'promise-confirmation': 'Promise to pay confirmation',
  'out-of-hours-ask': 'Ask for out-of-hours consent',
};

/** One loan's file: log a call, send a template text, notes, tasks and promises, the borrower's consent, the history. */
export function ContactDrawer({ row, onClose }: { row: CollectionsRow; onClose: () => void }) {
  const { message } = App.useApp();
  const history = useCall(attemptHistory, { orderId: row.orderId });
  const log = useAction(logAttempt);
  const text = useAction(sendText);
  const [channel, setChannel] = useState<'call' | 'text'>('call');
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('no-answer');
  const [template, setTemplate] = useState<TemplateKey>('payment-reminder');
  const [note, setNote] = useState('');
  const failed = (err: Error) => void message.error(err.message);
  const save = () =>
    channel === 'call'
      ? log.mutate(
          { orderId: row.orderId, channel: 'call', party: 'borrower', outcome, note },
          {
            onSuccess: () => {
              setNote('');
              void message.success(`Attempt on ${row.orderNo} logged`);
            },
            onError: failed,
          },
        )
      : text.mutate(
          { orderId: row.orderId, template },
          { onSuccess: () => void message.success(`Text to ${row.orderNo} sent`), onError: failed },
        );
  return (
    <Drawer open title={`${row.orderNo} · ${row.fullName ?? 'borrower'}`} size={620} onClose={onClose}>
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'phone', label: 'Mobile', children: row.phone },
          { key: 'days', label: 'Days past due', children: row.daysPastDue },
          { key: 'amount', label: 'Past due', children: peso(row.amountPastDue) },
          { key: 'due', label: 'Due date', children: row.dueDate ?? '—' },
          { key: 'collector', label: 'Collector', children: row.collector ?? '—' },
        ]}
      />
      <Typography.Title level={5}>Contact the borrower</Typography.Title>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group value={channel} onChange={(e) => setChannel(e.target.value)} aria-label="Channel">
          <Radio.Button value="call">Log a call</Radio.Button>
          <Radio.Button value="text" data-testid="channel-text">
            Send a text
          </Radio.Button>
        </Radio.Group>
        {channel === 'call' ? (
          <>
            <Select
              aria-label="Outcome"
              data-testid="attempt-outcome"
              value={outcome}
              onChange={setOutcome}
              style={{ width: 240 }}
              options={OUTCOMES.filter((o) => o !== 'sms-sent').map((value) => ({ value, label: OUTCOME_TEXT[value] }))}
            />
            <Input.TextArea
              aria-label="Note"
              data-testid="attempt-note"
              rows={3}
              maxLength={NOTE_MAX}
              showCount
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </>
        ) : (
          <Select
            aria-label="Template"
            data-testid="text-template"
            value={template}
            onChange={setTemplate}
            style={{ width: 320 }}
            options={TEMPLATE_KEYS.map((value) => ({ value, label: TEMPLATE_TEXT[value] }))}
          />
        )}
        <Button
          type="primary"
          loading={log.isPending || text.isPending}
          onClick={save}
          data-testid={channel === 'call' ? 'attempt-save' : 'text-send'}
        >
          {channel === 'call' ? 'Log call' : 'Send text'}
        </Button>
      </Space>
      <ConsentEvidence consent={history.data?.consent ?? null} active={history.data?.consentActive ?? false} />
      <NotesAndPromises
        orderId={row.orderId}
        notes={history.data?.notes ?? []}
        promises={history.data?.promises ?? []}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Texts sent
      </Typography.Title>
      {history.data && history.data.texts.length === 0 ? <p>No text yet.</p> : null}
      <ol data-testid="text-history" style={{ paddingLeft: 20 }}>
        {(history.data?.texts ?? []).map((t) => (
          <li key={t.id} style={{ marginBottom: 8 }}>
            {manilaTime(t.sentAt)} · {TEMPLATE_TEXT[t.template as TemplateKey] ?? t.template} · {t.language} ·{' '}
            {t.status} · {t.actor}
            <div style={{ whiteSpace: 'pre-wrap' }}>{t.body}</div>
          </li>
        ))}
      </ol>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Attempts
      </Typography.Title>
      {history.isPending ? <Spin /> : null}
      {history.data && history.data.list.length === 0 ? <p>No attempt yet.</p> : null}
      <ol data-testid="attempt-history" style={{ paddingLeft: 20 }}>
        {(history.data?.list ?? []).map((a) => (
          <li key={a.id} style={{ marginBottom: 8 }}>
            {manilaTime(a.attemptedAt)} · {a.channel === 'call' ? 'Call' : 'Text'} · {OUTCOME_TEXT[a.outcome]} ·{' '}
            {a.actor}
            {a.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{a.note}</div> : null}
          </li>
        ))}
      </ol>
    </Drawer>
  );
}
