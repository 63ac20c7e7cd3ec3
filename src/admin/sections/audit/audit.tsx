import { Input, Space } from 'antd';
import { useState } from 'react';
import { auditLogSearch } from '../../../shared/contracts/back-office-audit-log';
import { useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';

const PAGE_SIZE = 20;

/** Admin: the audit log as sentences, read only, searched by contract number, borrower or staff member. */
export function Audit() {
  const [filter, setFilter] = useState({ order: '', borrower: '', staff: '' });
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const list = useCall(auditLogSearch, { ...filter, ...paging });
  const search = (field: keyof typeof filter) => (value: string) => {
    setFilter((f) => ({ ...f, [field]: value.trim() }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="Contract no. (HRM…)"
          allowClear
          onSearch={search('order')}
          aria-label="Contract number"
          data-testid="audit-order"
        />
        <Input.Search
          placeholder="Borrower name or mobile"
          allowClear
          onSearch={search('borrower')}
          aria-label="Borrower name or mobile"
        />
        <Input.Search
          placeholder="Staff name or e-mail"
          allowClear
          onSearch={search('staff')}
          aria-label="Staff name or e-mail"
        />
      </Space>
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'No entry matches' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        columns={[
          { title: 'When', dataIndex: 'at', render: manilaTime, width: 170 },
          { title: 'What happened', dataIndex: 'sentence', width: 520 },
          {
            title: 'What changed',
            dataIndex: 'changes',
            width: 420,
            sorter: false,
            render: (changes: string[]) =>
              changes.length ? (
                <ul style={{ margin: 0, paddingLeft: 16, overflowWrap: 'anywhere' }}>
                  {changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  );
}
