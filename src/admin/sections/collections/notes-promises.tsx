import { App, Button, DatePicker, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  addNote,
  completeTask,
  makePromise,
  NOTE_MAX,
  type PromiseView,
} from '../../../shared/contracts/back-office-collections';
import { peso, useAction } from '../../api';
import { manilaTime } from '../../desk-format';

interface NoteRow {
  id: number;
  kind: 'note' | 'task';
  text: string;
  dueDay: string | null;
  doneAt: string | null;
  actor: string;
  createdAt: string;
}

const STATUS_COLOR: Record<PromiseView['status'], string> = { open: 'blue', kept: 'green', broken: 'red' };

/** A loan's notes and tasks, and its promises to pay (kept or broken by the payments, never by hand). */
export function NotesAndPromises({
  orderId,
  notes,
  promises,
}: {
  orderId: number;
  notes: NoteRow[];
  promises: PromiseView[];
}) {
  const { message } = App.useApp();
  const note = useAction(addNote);
  const done = useAction(completeTask);
  const promise = useAction(makePromise);
  const [kind, setKind] = useState<'note' | 'task'>('note');
  const [text, setText] = useState('');
  const [dueDay, setDueDay] = useState<Dayjs | null>(null);
  const [pesos, setPesos] = useState<number | null>(null);
  const [promisedDay, setPromisedDay] = useState<Dayjs | null>(null);
  const failed = (err: Error) => void message.error(err.message);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Promise to pay
      </Typography.Title>
      <Space wrap>
        <InputNumber<number>
          aria-label="Amount promised in pesos"
          data-testid="promise-amount"
          min={1}
          step={100}
          prefix="₱"
          value={pesos}
          onChange={setPesos}
          style={{ width: 160 }}
        />
        <DatePicker aria-label="Promised day" data-testid="promise-day" value={promisedDay} onChange={setPromisedDay} />
        <Button
          data-testid="promise-save"
          loading={promise.isPending}
          disabled={!pesos || !promisedDay}
          onClick={() =>
            promise.mutate(
              { orderId, amount: Math.round((pesos ?? 0) * 100), promisedDay: promisedDay?.format('YYYY-MM-DD') ?? '' },
              {
                onSuccess: () => {
                  setPesos(null);
                  void message.success('Promise recorded');
                },
                onError: failed,
              },
            )
          }
        >
          Record promise
        </Button>
      </Space>
      <ul data-testid="promise-list" style={{ paddingLeft: 20, marginTop: 8 }}>
        {promises.map((p) => (
          <li key={p.id}>
            {peso(p.amount)} by {p.promisedDay} <Tag color={STATUS_COLOR[p.status]}>{p.status}</Tag>
            {p.status !== 'open' ? `paid ${peso(p.paid)} · ` : ''}
            {p.actor}
          </li>
        ))}
      </ul>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Notes and tasks
      </Typography.Title>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group value={kind} onChange={(e) => setKind(e.target.value)} aria-label="Note or task">
          <Radio.Button value="note">Note</Radio.Button>
          <Radio.Button value="task">Task</Radio.Button>
        </Radio.Group>
        <Input.TextArea
          aria-label="Note or task text"
          data-testid="note-text"
          rows={2}
          maxLength={NOTE_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {kind === 'task' ? <DatePicker aria-label="Task due" value={dueDay} onChange={setDueDay} /> : null}
        <Button
          data-testid="note-save"
          loading={note.isPending}
          onClick={() =>
            note.mutate(
              { orderId, kind, text, ...(kind === 'task' && dueDay ? { dueDay: dueDay.format('YYYY-MM-DD') } : {}) },
              {
                onSuccess: () => {
                  setText('');
                  void message.success(kind === 'task' ? 'Task added' : 'Note added');
                },
                onError: failed,
              },
            )
          }
        >
          Add
        </Button>
      </Space>
      <ul data-testid="note-list" style={{ paddingLeft: 20, marginTop: 8 }}>
        {notes.map((n) => (
          <li key={n.id} style={{ marginBottom: 6 }}>
            {n.kind === 'task' ? <Tag color={n.doneAt ? 'green' : 'gold'}>task {n.dueDay}</Tag> : null}
            {n.text} · {n.actor} · {manilaTime(n.createdAt)}
            {n.kind === 'task' && !n.doneAt ? (
              <Button size="small" type="link" onClick={() => done.mutate({ id: n.id }, { onError: failed })}>
                Done
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
