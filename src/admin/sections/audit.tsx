import { Input, Space, Table } from 'antd';
import { useState } from 'react';
import { auditList } from '../../shared/contracts/back-office';
import { useCall } from '../api';

const show = (value: unknown) => (value === null || value === undefined ? '—' : <code style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(value)}</code>);

/** Admin: the audit log, read only — who did what, when, and the state before and after. */
export function Audit() {
  const [entity, setEntity] = useState('');
  const [entityId, setEntityId] = useState('');
  const list = useCall(auditList, { entity: entity || undefined, entityId: entityId || undefined });
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search placeholder="Entity (order, product, staff…)" allowClear onSearch={setEntity} aria-label="Entity" />
        <Input.Search placeholder="Its id" allowClear onSearch={setEntityId} aria-label="Entity id" />
      </Space>
      <Table
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={[
          { title: 'When', dataIndex: 'at', render: (at: string) => new Date(at).toLocaleString('en-PH') },
          { title: 'Who', dataIndex: 'actor' },
          { title: 'What', dataIndex: 'action' },
          { title: 'On', render: (_, e) => `${e.entity} ${e.entityId ?? ''}` },
          { title: 'Before', dataIndex: 'before', render: show },
          { title: 'After', dataIndex: 'after', render: show },
        ]}
      />
    </>
  );
}
