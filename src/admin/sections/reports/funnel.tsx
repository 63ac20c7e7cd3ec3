import { Input, Space } from 'antd';
import { DeskTable } from '../../desk-table';
import { useState } from 'react';
import { funnel } from '../../../shared/contracts/back-office-catalogue';
import { useCall } from '../../api';

const rate = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

/** Admin: the promotion funnel per template — visits → clicks on Apply → registrations. */
export function Funnel() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const list = useCall(funnel, { from: from || undefined, to: to || undefined });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <label htmlFor="funnel-from">From</label>
        <Input id="funnel-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <label htmlFor="funnel-to">To</label>
        <Input id="funnel-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </Space>
      <DeskTable
        rowKey={(row) => String(row.templateId)}
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: 'Template', dataIndex: 'name' },
          { title: 'Visits', dataIndex: 'visits', align: 'right' },
          { title: 'Clicks on Apply', dataIndex: 'clicks', align: 'right' },
          { title: 'Registrations', dataIndex: 'registrations', align: 'right' },
          { title: 'Click rate', align: 'right', render: (_, r) => rate(r.clicks, r.visits) },
          { title: 'Registration rate', align: 'right', render: (_, r) => rate(r.registrations, r.visits) },
        ]}
      />
    </>
  );
}
