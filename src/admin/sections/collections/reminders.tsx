import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { list, REMINDER_PLACEHOLDERS, type ReminderRule, save, sendNow } from '../../../shared/contracts/reminders';
import { useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';

type Sent = NonNullable<ReturnType<typeof useCall<typeof list>>['data']>['sent'][number];
interface Draft {
  id?: number;
  offsetDays: number;
  textEn: string;
  textFil: string;
  enabled: boolean;
}

/** Long texts wrap inside their cell instead of widening the table. */
const wrap = (text: string) => <div style={{ whiteSpace: 'normal', minWidth: 220 }}>{text}</div>;

/** -3 → "3 days before the due date", 0 → "on the due date", 7 → "7 days after". */
export function whenOf(offsetDays: number): string {
  if (offsetDays === 0) return 'On the due date';
  const days = `${Math.abs(offsetDays)} day${Math.abs(offsetDays) === 1 ? '' : 's'}`;
  return offsetDays < 0 ? `${days} before the due date` : `${days} after the due date`;
}

/**
 * Collections: the SMS reminders sent before the due date, on it and after it, each text in
 * English and Filipino (the borrower gets the language they signed in with). The server checks
 * the texts as it checks collectors' notes and sends each reminder once, within the contact hours.
 */
export function Reminders() {
  const data = useCall(list, {});
  const saveCall = useAction(save);
  const sendCall = useAction(sendNow);
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [form] = Form.useForm<Draft>();
  const open = (rule?: ReminderRule) => {
    const next = rule
      ? { id: rule.id, offsetDays: rule.offsetDays, textEn: rule.textEn, textFil: rule.textFil, enabled: rule.enabled }
      : { offsetDays: -3, textEn: '', textFil: '', enabled: true };
    setDraft(next);
    form.setFieldsValue(next);
  };
  const submit = (values: Draft) =>
    saveCall.mutate(
      {
        ...(draft?.id ? { id: draft.id } : {}),
        offsetDays: values.offsetDays,
        textEn: values.textEn,
        textFil: values.textFil,
        enabled: values.enabled ? '1' : '0',
      },
      {
        onSuccess: ({ rule }) => {
          setDraft(null);
          void message.success(`Saved: ${whenOf(rule.offsetDays).toLowerCase()}`);
        },
        onError: (err) => void message.error(err.message),
      },
    );
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title="Reminder schedule"
        extra={
          <Space>
            <Button onClick={() => open()} data-testid="reminder-add">
              Add a reminder
            </Button>
            <Button
              type="primary"
              loading={sendCall.isPending}
              data-testid="reminders-send-now"
              onClick={() =>
                sendCall.mutate(
                  {},
                  {
                    onSuccess: (run) =>
                      void (run.skipped
                        ? message.warning(run.skipped)
                        : message.success(`${run.sent} reminder${run.sent === 1 ? '' : 's'} sent`)),
                    onError: (err) => void message.error(err.message),
                  },
                )
              }
            >
              {"Send today's reminders now"}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          Sent every morning at 09:00 Manila time. Placeholders: {REMINDER_PLACEHOLDERS.join(', ')}.
        </Typography.Paragraph>
        <DeskTable<ReminderRule>
          rowKey="id"
          loading={data.isPending}
          dataSource={data.data?.rules ?? []}
          locale={{ emptyText: 'No reminder yet: add one' }}
          scroll={{ x: 1000 }}
          columns={[
            { title: 'When', dataIndex: 'offsetDays', render: (d: number) => whenOf(d) },
            { title: 'English', dataIndex: 'textEn', render: wrap },
            { title: 'Filipino', dataIndex: 'textFil', render: wrap },
            {
              title: 'State',
              dataIndex: 'enabled',
              render: (on: boolean) => (on ? <Tag color="green">on</Tag> : <Tag>off</Tag>),
            },
            { title: 'Changed', render: (_, r) => `${r.updatedBy}, ${manilaTime(r.updatedAt)}` },
            { title: '', render: (_, r) => <Button onClick={() => open(r)}>Edit</Button> },
          ]}
        />
      </Card>
      <Card title="Sent lately">
        <DeskTable<Sent>
          rowKey="id"
          dataSource={data.data?.sent ?? []}
          locale={{ emptyText: 'No reminder sent yet' }}
          scroll={{ x: 1000 }}
          columns={[
            { title: 'Sent', dataIndex: 'sentAt', render: manilaTime },
            { title: 'Loan', dataIndex: 'orderNo' },
            { title: 'Mobile', dataIndex: 'phone' },
            { title: 'When', dataIndex: 'offsetDays', render: (d: number) => whenOf(d) },
            { title: 'Text', dataIndex: 'body', render: wrap },
          ]}
        />
      </Card>
      <Modal
        title={draft?.id ? 'Change the reminder' : 'Add a reminder'}
        open={draft !== null}
        okText="Save"
        okButtonProps={{ loading: saveCall.isPending }}
        onCancel={() => setDraft(null)}
        onOk={() => form.submit()}
        width={640}
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="No threats, insults or false claims (SEC Memorandum Circular 18): the server refuses them."
        />
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="offsetDays"
            label="Days from the due date (negative: before it)"
            rules={[{ required: true }]}
            extra={
              <Form.Item noStyle shouldUpdate>
                {() => whenOf(Number(form.getFieldValue('offsetDays') ?? 0))}
              </Form.Item>
            }
          >
            <InputNumber min={-14} max={90} />
          </Form.Item>
          <Form.Item name="textEn" label="English text" rules={[{ required: true, min: 10 }]}>
            <Input.TextArea rows={3} maxLength={260} showCount />
          </Form.Item>
          <Form.Item name="textFil" label="Filipino text" rules={[{ required: true, min: 10 }]}>
            <Input.TextArea rows={3} maxLength={260} showCount />
          </Form.Item>
          <Form.Item name="enabled" label="Send it" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
