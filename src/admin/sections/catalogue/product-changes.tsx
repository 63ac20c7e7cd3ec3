import { Card, Tag } from 'antd';
import { staffMe } from '../../../shared/contracts/back-office';
import { type ProductChangeRow, productChanges } from '../../../shared/contracts/back-office-catalogue';
import { useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';
import { CheckerActions } from '../checker/checker-actions';

/** Admin: product changes waiting for a second admin, who approves them or rejects them with a reason. */
export function PendingProductChanges() {
  const list = useCall(productChanges, { status: 'pending' });
  const me = useCall(staffMe, {});
  const rows = list.data?.list ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title="Changes waiting for a second admin" size="small" style={{ marginBottom: 16 }}>
      <DeskTable<ProductChangeRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="pending-changes"
        columns={[
          { title: 'Product', dataIndex: 'productName' },
          {
            title: 'Change',
            render: (_, row) =>
              row.changes.map((c) => <div key={c.field}>{`${c.label}: ${c.before} → ${c.after}`}</div>),
          },
          {
            title: 'Proposed by',
            dataIndex: 'requestedBy',
            render: (by: string, row) => (
              <span data-testid={`proposed-by-${row.id}`}>
                {row.requestedByName ? `${row.requestedByName} (${by})` : by}
                <br />
                {manilaTime(row.requestedAt)}
              </span>
            ),
          },
          { title: 'Status', dataIndex: 'status', render: () => <Tag color="orange">pending</Tag> },
          {
            title: 'Decision',
            key: 'decide',
            fixed: 'right',
            render: (_, row) => (
              <CheckerActions kind="productChange" id={row.id} mine={row.requestedBy === me.data?.email} />
            ),
          },
        ]}
      />
    </Card>
  );
}
