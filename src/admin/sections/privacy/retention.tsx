import { App, Button, Space, Typography } from 'antd';
import { deskRetention, deskRunRetention } from '../../../shared/contracts/privacy';
import { useAction, useCall } from '../../api';
import { DeskTable } from '../../desk-table';

/** The retention schedule with its legal basis, and what each day's job removed. */
export function Retention() {
  const data = useCall(deskRetention, {});
  const run = useAction(deskRunRetention);
  const { message } = App.useApp();
  const kinds = data.data?.schedule.map((r) => r.kind) ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <DeskTable
        rowKey="kind"
        pagination={false}
        loading={data.isPending}
        dataSource={data.data?.schedule ?? []}
        columns={[
          { title: 'Data', dataIndex: 'kind' },
          { title: 'Kept', dataIndex: 'keep' },
          { title: 'Then', dataIndex: 'action' },
          { title: 'Legal basis', dataIndex: 'basis' },
        ]}
      />
      <Space>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Daily runs (01:30 Manila)
        </Typography.Title>
        <Button
          loading={run.isPending}
          onClick={() =>
            run.mutate(
              {},
              { onSuccess: () => void message.success('Retention run'), onError: (e) => void message.error(e.message) },
            )
          }
          data-testid="retention-run"
        >
          Run now
        </Button>
      </Space>
      <DeskTable
        rowKey="runDate"
        loading={data.isPending}
        dataSource={data.data?.runs ?? []}
        locale={{ emptyText: 'No run yet' }}
        columns={[
          { title: 'Day', dataIndex: 'runDate' },
          ...kinds.map((kind) => ({
            title: kind,
            render: (_: unknown, r: { report: Record<string, number> }) => r.report[kind] ?? 0,
          })),
        ]}
      />
    </Space>
  );
}
