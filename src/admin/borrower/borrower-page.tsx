import { Alert, Card, Descriptions, Spin, Tag, Typography } from 'antd';
import { borrowerView } from '../../shared/contracts/back-office-borrowers';
import { displayPhone } from '../../shared/format/phone';
import { useCall } from '../api';
import { manilaTime } from '../desk-format';
import { DeskTable } from '../desk-table';
import { ApplicationCard } from './application-card';
import { OrderCard } from './order-card';

/** One borrower for every desk: who they are, where the money goes, every order, complaint, text and staff action. */
export function BorrowerPage({ borrowerId }: { borrowerId: number }) {
  const view = useCall(borrowerView, { borrowerId });
  if (view.isPending) return <Spin />;
  if (!view.data) return <Alert type="error" title={view.error?.message ?? 'The borrower could not be loaded'} />;
  const { identity, accounts, orders, complaints, messages, collectionContacts, audit, application } = view.data;
  return (
    <>
      <Typography.Title level={2} data-testid="borrower-name">
        {identity.fullName ?? 'No name given'}
      </Typography.Title>
      <Card title="Identity" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="Mobile">{displayPhone(identity.phone)}</Descriptions.Item>
          <Descriptions.Item label="Registered">{manilaTime(identity.registeredAt)}</Descriptions.Item>
          <Descriptions.Item label="Came from">{identity.cameFrom ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Orders">{orders.length}</Descriptions.Item>
        </Descriptions>
      </Card>
      {application ? <ApplicationCard application={application} /> : null}
      <Card title="Payout accounts" style={{ marginBottom: 16 }}>
        <DeskTable
          rowKey="id"
          dataSource={accounts}
          locale={{ emptyText: 'No payout account bound' }}
          columns={[
            { title: 'Channel', dataIndex: 'channel' },
            { title: 'Holder', dataIndex: 'holder' },
            {
              title: 'Account number',
              dataIndex: 'accountNo',
              render: (no: string, a) => (
                <span data-testid={`account-${a.id}`}>
                  {no} {a.masked ? <Tag>finance sees the full number</Tag> : null}
                </span>
              ),
            },
            {
              title: 'Details',
              dataIndex: 'details',
              render: (d: Record<string, string>) => Object.values(d).join(', ') || '—',
            },
            { title: 'Bound', dataIndex: 'createdAt', render: manilaTime },
          ]}
        />
      </Card>
      <Typography.Title level={3}>Orders</Typography.Title>
      {orders.length === 0 ? <Alert type="info" title="No order yet" style={{ marginBottom: 16 }} /> : null}
      {orders.map((order) => (
        <OrderCard key={order.orderId} order={order} />
      ))}
      <Card title="Complaints" style={{ marginBottom: 16 }}>
        <DeskTable
          rowKey="id"
          dataSource={complaints}
          locale={{ emptyText: 'No complaint' }}
          columns={[
            { title: 'Filed', dataIndex: 'createdAt', render: manilaTime },
            { title: 'Order', dataIndex: 'orderNo', render: (o: string | null) => o ?? '—' },
            { title: 'Complaint', dataIndex: 'detail', width: 360 },
            {
              title: 'Reply',
              dataIndex: 'reply',
              width: 360,
              render: (r: string | null) => r ?? <Tag color="orange">not answered</Tag>,
            },
            { title: 'Replied', dataIndex: 'repliedAt', render: manilaTime },
          ]}
        />
      </Card>
      <Card title="Text messages sent" style={{ marginBottom: 16 }}>
        <DeskTable
          rowKey="id"
          dataSource={messages}
          locale={{ emptyText: 'No text sent' }}
          columns={[
            { title: 'Sent', dataIndex: 'sentAt', render: manilaTime },
            { title: 'Message', dataIndex: 'body', width: 640 },
          ]}
        />
      </Card>
      <Card title="Collection contacts" style={{ marginBottom: 16 }}>
        <DeskTable
          rowKey="id"
          dataSource={collectionContacts}
          locale={{ emptyText: 'No collection contact' }}
          columns={[
            { title: 'When', dataIndex: 'attemptedAt', render: manilaTime },
            { title: 'Order', dataIndex: 'orderNo' },
            { title: 'How', dataIndex: 'channel', render: (c: string) => (c === 'call' ? 'Call' : 'Text') },
            { title: 'Outcome', dataIndex: 'outcome' },
            { title: 'Note', dataIndex: 'note', width: 360 },
            { title: 'By', dataIndex: 'actor' },
          ]}
        />
      </Card>
      <Card title="Staff actions on this borrower">
        <DeskTable
          rowKey="id"
          dataSource={audit}
          locale={{ emptyText: 'No staff action yet' }}
          columns={[
            { title: 'When', dataIndex: 'at', render: manilaTime },
            { title: 'What', dataIndex: 'sentence', width: 640 },
          ]}
        />
      </Card>
    </>
  );
}
