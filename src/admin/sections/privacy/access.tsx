import { InputNumber, Space } from 'antd';
import { useState } from 'react';
import { deskAccess } from '../../../shared/contracts/privacy';
import { useCall } from '../../api';
import { DeskTable } from '../../desk-table';
import { deskHref } from '../../desk-paths';
import { manilaTime } from '../../desk-format';

/** Every staff view of a borrower's personal details or identity pictures, newest first. */
export function AccessRecords() {
  const [borrowerId, setBorrowerId] = useState<number | null>(null);
  const list = useCall(deskAccess, borrowerId ? { borrowerId } : {});
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <InputNumber
        min={1}
        placeholder="Borrower number"
        aria-label="Borrower number"
        value={borrowerId}
        onChange={(v) => setBorrowerId(typeof v === 'number' ? v : null)}
      />
      <DeskTable
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: 'No views recorded' }}
        columns={[
          { title: 'When', dataIndex: 'at', render: (at: string) => manilaTime(at) },
          { title: 'Staff', dataIndex: 'actor' },
          { title: 'Viewed', dataIndex: 'what' },
          {
            title: 'Borrower',
            dataIndex: 'borrowerId',
            render: (id: number) => <a href={deskHref.borrower(id)}>{id}</a>,
          },
        ]}
      />
    </Space>
  );
}
