import { App, Button, Input, Space, Tag } from 'antd';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cobRuns } from '../../../shared/contracts/back-office-queues';
import { closeOfBusiness } from '../../../shared/contracts/operator-loans';
import { call, useAction } from '../../api';

const manilaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());

/** Finance: run close of business for a date (safe to repeat) and watch its runs. */
export function CloseOfBusiness() {
  const [date, setDate] = useState(manilaToday);
  const run = useAction(closeOfBusiness);
  const { message } = App.useApp();
  // Refreshed every 2 s while a run is under way, here or in the scheduler.
  const runs = useQuery({
    queryKey: [cobRuns.name],
    queryFn: () => call(cobRuns, {}),
    refetchInterval: (query) =>
      query.state.data?.list.some((r) => r.status !== 'done') || run.isPending ? 2000 : false,
  });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <label htmlFor="cob-date">Business date</label>
        <Input
          id="cob-date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          style={{ width: 180 }}
        />
        <Button
          type="primary"
          loading={run.isPending}
          data-testid="cob-run"
          onClick={() =>
            run.mutate(
              { date },
              {
                onSuccess: (r) => void message.success(`Close of business ${r.businessDate}: ${r.outcome}`),
                onError: (e) => void message.error(e.message),
              },
            )
          }
        >
          Run close of business
        </Button>
      </Space>
      <DeskTable
        rowKey="businessDate"
        loading={runs.isPending}
        dataSource={runs.data?.list ?? []}
        columns={[
          { title: 'Business date', dataIndex: 'businessDate' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'done' ? 'green' : 'orange'}>{s}</Tag>,
          },
          { title: 'Repayment window opened', dataIndex: 'windowOpened', align: 'right' },
          { title: 'Became overdue', dataIndex: 'becameOverdue', align: 'right' },
          { title: 'Penalties accrued', dataIndex: 'penaltiesAccrued', align: 'right' },
          { title: 'Started', dataIndex: 'startedAt', render: manilaTime },
          {
            title: 'Finished',
            dataIndex: 'finishedAt',
            render: (at: string | null) => (at ? manilaTime(at) : 'running…'),
          },
        ]}
      />
    </>
  );
}
