import { Card, Descriptions, Table, Tag } from 'antd';
import type { BorrowerOrder, BorrowerPayment } from '../../shared/contracts/back-office-borrowers';
import { DeskTable } from '../desk-table';
import { manilaTime, peso } from '../desk-format';

const sum = (amounts: number[]) => amounts.reduce((total, n) => total + n, 0);

function PaymentParts({ payment }: { payment: BorrowerPayment }) {
  return (
    <>
      {payment.parts.map((part) => `${part.name} ${peso(part.amount)}`).join(', ')}
      {payment.extended ? <Tag style={{ marginLeft: 8 }}>extension</Tag> : null}
    </>
  );
}

/** One order of a borrower: its terms, its schedule and the payments posted to it, with totals. */
export function OrderCard({ order }: { order: BorrowerOrder }) {
  const schedule = order.schedule.map((row) => ({ ...row, total: row.principal + row.interest }));
  return (
    <Card
      title={`${order.orderNo} · ${order.productName}`}
      extra={<Tag data-testid={`order-status-${order.orderNo}`}>{order.statusText}</Tag>}
      style={{ marginBottom: 16 }}
      data-testid={`order-${order.orderNo}`}
    >
      <Descriptions size="small" column={4}>
        <Descriptions.Item label="Amount">{peso(order.amount)}</Descriptions.Item>
        <Descriptions.Item label="Term">{`${order.termDays} days, ${order.periods} period${order.periods > 1 ? 's' : ''}`}</Descriptions.Item>
        <Descriptions.Item label="Total to repay">{peso(order.totalRepayable)}</Descriptions.Item>
        <Descriptions.Item label="Applied">{manilaTime(order.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Disbursed">{order.disbursedOn ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Next due">{order.dueDate ?? '—'}</Descriptions.Item>
        {order.decisionReason ? (
          <Descriptions.Item label="Decision reason">{order.decisionReason}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <DeskTable
        caption="Schedule"
        rowKey="period"
        dataSource={schedule}
        pagination={{ pageSize: 12 }}
        locale={{ emptyText: 'No schedule yet' }}
        columns={[
          { title: 'Period', dataIndex: 'period' },
          { title: 'Due', dataIndex: 'dueDate' },
          { title: 'Principal', dataIndex: 'principal', align: 'right', render: peso },
          { title: 'Interest', dataIndex: 'interest', align: 'right', render: peso },
          { title: 'Installment', dataIndex: 'total', align: 'right', render: peso },
        ]}
        summary={() =>
          schedule.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                Total
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {peso(sum(schedule.map((r) => r.principal)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {peso(sum(schedule.map((r) => r.interest)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {peso(sum(schedule.map((r) => r.total)))}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <DeskTable
        caption="Accepted disclosures"
        rowKey="id"
        dataSource={order.disclosures}
        locale={{ emptyText: 'No disclosure accepted' }}
        columns={[
          { title: 'Accepted', dataIndex: 'acceptedAt', render: manilaTime },
          { title: 'For', dataIndex: 'kind' },
          { title: 'Service fee', dataIndex: 'serviceFee', align: 'right', render: peso },
          { title: 'Net proceeds', dataIndex: 'netProceeds', align: 'right', render: peso },
          { title: 'Interest', dataIndex: 'interest', align: 'right', render: peso },
          { title: 'Total to repay', dataIndex: 'totalRepayable', align: 'right', render: peso },
          {
            title: 'Rate a month',
            dataIndex: 'monthlyRateBps',
            align: 'right',
            render: (bps: number) => `${(bps / 100).toFixed(2)}%`,
          },
        ]}
      />
      <DeskTable
        caption="Payments"
        rowKey="id"
        dataSource={order.payments}
        locale={{ emptyText: 'No payment posted' }}
        columns={[
          { title: 'Posted', dataIndex: 'createdAt', render: manilaTime },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Provider', dataIndex: 'provider' },
          { title: 'For', dataIndex: 'kind' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
          { title: 'Applied to', render: (_, payment) => <PaymentParts payment={payment} /> },
          { title: 'By', dataIndex: 'postedBy' },
        ]}
      />
    </Card>
  );
}
