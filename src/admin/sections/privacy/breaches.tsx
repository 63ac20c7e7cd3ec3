import { App, Button, Card, Form, Input, List, Space, Tag, Typography } from 'antd';
import type { CallReply } from '../../../shared/api/define-call';
import { deskBreaches, deskRecordBreach } from '../../../shared/contracts/privacy';
import { useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';

type Breach = CallReply<typeof deskBreaches>['list'][number];
const when = (at: string) => manilaTime(at);

/** The 72-hour clock from when the breach was found (NPC Circular 16-03). */
function Clock({ breach }: { breach: Breach }) {
  const left = breach.hoursLeft;
  return (
    <Tag color={left <= 0 ? 'red' : left < 24 ? 'orange' : 'blue'} data-testid="breach-clock">
      {left <= 0
        ? `Notify by ${when(breach.notifyBy)}: ${-left} h late`
        : `${left} h left to notify (by ${when(breach.notifyBy)})`}
    </Tag>
  );
}

/** Breach records: what, when found, the window and staff account; the people to notify, the draft notice and the clock. */
export function Breaches() {
  const list = useCall(deskBreaches, {});
  const record = useAction(deskRecordBreach);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ what: string; foundAt: string; fromAt: string; toAt: string; actor?: string }>();
  const submit = (values: { what: string; foundAt: string; fromAt: string; toAt: string; actor?: string }) =>
    record.mutate(
      {
        ...values,
        foundAt: new Date(values.foundAt).toISOString(),
        fromAt: new Date(values.fromAt).toISOString(),
        toAt: new Date(values.toAt).toISOString(),
      },
      {
        onSuccess: () => {
          void message.success('Breach recorded');
          form.resetFields();
        },
        onError: (e) => void message.error(e.message),
      },
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Card title="Record a breach">
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="what" label="What happened" rules={[{ required: true, message: 'Say what happened' }]}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="foundAt" label="When found" rules={[{ required: true }]}>
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item name="fromAt" label="Window from" rules={[{ required: true }]}>
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item name="toAt" label="Window to" rules={[{ required: true }]}>
              <Input type="datetime-local" />
            </Form.Item>
            <Form.Item name="actor" label="Staff account (optional)">
              <Input placeholder="e-mail" />
            </Form.Item>
          </Space>
          <Button type="primary" htmlType="submit" loading={record.isPending}>
            Record and list who to notify
          </Button>
        </Form>
      </Card>
      {(list.data?.list ?? []).map((b) => (
        <Card
          key={b.id}
          title={`Breach ${b.id}: found ${when(b.foundAt)}`}
          extra={<Clock breach={b} />}
          data-testid="breach-record"
        >
          <Typography.Paragraph>{b.what}</Typography.Paragraph>
          <Typography.Text type="secondary">
            Window {when(b.fromAt)} – {when(b.toAt)}
            {b.actor ? ` · staff ${b.actor}` : ''} · recorded by {b.recordedBy}
          </Typography.Text>
          <List
            header={`${b.affected.length} people to notify`}
            size="small"
            dataSource={b.affected}
            renderItem={(p) => (
              <List.Item>
                {p.phone} {p.name ? `· ${p.name}` : ''}
              </List.Item>
            )}
          />
          <Typography.Title level={5}>Draft notice</Typography.Title>
          <Typography.Paragraph copyable>{b.notice.en}</Typography.Paragraph>
          <Typography.Paragraph copyable lang="fil">
            {b.notice.fil}
          </Typography.Paragraph>
        </Card>
      ))}
    </Space>
  );
}
