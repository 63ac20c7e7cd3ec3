import { Alert, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type TrialBalanceRow, trialBalance } from '../../../shared/contracts/books';
import { peso, useCall } from '../../api';
import { DeskTable } from '../../desk-table';

const manilaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
const debitSide = (balance: number) => (balance > 0 ? peso(balance) : '');
const creditSide = (balance: number) => (balance < 0 ? peso(-balance) : '');

/** Finance: the whole ledger's trial balance at the end of a business date. */
export function TrialBalance() {
  const [date, setDate] = useState(manilaToday);
  const tb = useCall(trialBalance, { date }, Boolean(date));
  const data = tb.data;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <label htmlFor="tb-date">At the end of</label>
        <Input
          id="tb-date"
          type="date"
          value={date}
          max={manilaToday()}
          onChange={(e) => setDate(e.target.value)}
          style={{ width: 180 }}
        />
        {data && (
          <Tag color={data.balanced ? 'green' : 'red'} data-testid="tb-balanced">
            {data.balanced ? 'Debits equal credits' : 'Out of balance'}
          </Tag>
        )}
      </Space>
      {tb.error && <Alert type="error" showIcon message={tb.error.message} style={{ marginBottom: 16 }} />}
      {data && data.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="tb-problems"
          message="The books do not hold"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {data.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <DeskTable<TrialBalanceRow>
        rowKey="account"
        loading={tb.isPending}
        dataSource={data?.rows ?? []}
        pagination={false}
        columns={[
          {
            title: 'Account',
            dataIndex: 'label',
            render: (label: string, row) => <span title={row.account}>{label}</span>,
          },
          { title: 'Kind', dataIndex: 'kind' },
          { title: 'Debits booked', dataIndex: 'debit', align: 'right', render: peso },
          { title: 'Credits booked', dataIndex: 'credit', align: 'right', render: peso },
          { title: 'Debit balance', dataIndex: 'balance', align: 'right', render: debitSide },
          { title: 'Credit balance', key: 'creditBalance', dataIndex: 'balance', align: 'right', render: creditSide },
        ]}
        summary={() =>
          data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text strong data-testid="tb-debit-total">
                  {peso(data.totals.debit)}
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <Typography.Text strong data-testid="tb-credit-total">
                  {peso(data.totals.credit)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}
