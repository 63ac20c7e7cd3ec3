import { App, Button, Input, Space } from 'antd';
import { DeskTable } from '../desk-table';
import { useState } from 'react';
import { toDisburse } from '../../shared/contracts/back-office-queues';
import { disburse } from '../../shared/contracts/operator-loans';
import { useAction, useCall } from '../api';
import { orderColumns } from './order-columns';

/** Finance: approved loans (110) → the money is sent → confirm the disbursement (170, schedule fixed from that date). */
export function Disbursements() {
  const list = useCall(toDisburse, {});
  const action = useAction(disburse);
  const { message } = App.useApp();
  const [date, setDate] = useState('');
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <label htmlFor="disbursal-date">Disbursal date (empty: today in Manila)</label>
        <Input id="disbursal-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} style={{ width: 180 }} />
      </Space>
      <DeskTable
        rowKey="orderId"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'No approved loan is waiting' }}
        columns={[
          ...orderColumns,
          {
            title: 'Disbursement',
            render: (_, order) => (
              <Button
                type="primary"
                data-testid={`disburse-${order.orderNo}`}
                loading={action.isPending && action.variables?.orderId === order.orderId}
                onClick={() =>
                  action.mutate(
                    { orderId: order.orderId, disbursalDate: date || undefined },
                    { onSuccess: () => void message.success(`${order.orderNo} disbursed`), onError: (err) => void message.error(err.message) },
                  )
                }
              >
                Confirm sent
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
