import { App, Button, Descriptions, Drawer, Input, Radio, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import {
  attemptHistory,
  type CollectionsRow,
  type ContactRule,
  NOTE_MAX,
  OUTCOMES,
  logAttempt,
  recordConsent,
} from '../../../shared/contracts/back-office-collections';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';

export const WAIT_TEXT: Record<ContactRule, string> = {
  'contact-hours': 'outside 6 AM–10 PM',
  'daily-cap': 'daily cap reached',
  party: 'borrower only',
  'note-language': 'note refused',
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

/** One loan's contact: log a call or text to the borrower, record consent, read the attempts. */
export function ContactDrawer({ row, onClose }: { row: CollectionsRow; onClose: () => void }) {
  const { message } = App.useApp();
  const history = useCall(attemptHistory, { orderId: row.orderId });
  const log = useAction(logAttempt);
  const consent = useAction(recordConsent);
  const [channel, setChannel] = useState<'call' | 'sms'>('call');
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('no-answer');
  const [note, setNote] = useState('');
  const [consentNote, setConsentNote] = useState('');
  const failed = (err: Error) => void message.error(err.message);
  const save = () =>
    log.mutate(
      { orderId: row.orderId, channel, party: 'borrower', outcome, note },
      {
        onSuccess: () => {
          setNote('');
          void message.success(`Attempt on ${row.orderNo} logged`);
        },
        onError: failed,
      },
    );
  const consented = history.data?.consent;
  return (
    <Drawer open title={`${row.orderNo} · ${row.fullName ?? 'borrower'}`} size={560} onClose={onClose}>
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'phone', label: 'Mobile', children: row.phone },
          { key: 'days', label: 'Days past due', children: row.daysPastDue },
          { key: 'amount', label: 'Past due', children: peso(row.amountPastDue) },
          { key: 'due', label: 'Due date', children: row.dueDate ?? '—' },
        ]}
      />
      <Typography.Title level={5}>Log an attempt (the borrower only)</Typography.Title>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group value={channel} onChange={(e) => setChannel(e.target.value)} aria-label="Channel">
          <Radio.Button value="call">Call</Radio.Button>
          <Radio.Button value="sms">Text</Radio.Button>
        </Radio.Group>
        <Select
          aria-label="Outcome"
          data-testid="attempt-outcome"
          value={outcome}
          onChange={setOutcome}
          style={{ width: 240 }}
          options={OUTCOMES.map((value) => ({ value, label: OUTCOME_TEXT[value] }))}
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
        <Button type="primary" loading={log.isPending} onClick={save} data-testid="attempt-save">
          Log attempt
        </Button>
      </Space>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Consent to contact outside 6 AM–10 PM
      </Typography.Title>
      {consented ? (
        <p data-testid="consent-recorded">
          Recorded by {consented.actor} on {manilaTime(consented.recordedAt)}
          {consented.note ? `: “${consented.note}”` : ''}
        </p>
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label="How the borrower consented"
            placeholder="How the borrower consented"
            value={consentNote}
            onChange={(e) => setConsentNote(e.target.value)}
            maxLength={NOTE_MAX}
          />
          <Button
            loading={consent.isPending}
            data-testid="consent-record"
            onClick={() =>
              consent.mutate(
                { orderId: row.orderId, note: consentNote },
                { onSuccess: () => void message.success('Consent recorded'), onError: failed },
              )
            }
          >
            Record consent
          </Button>
        </Space.Compact>
      )}
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
