import { Typography } from 'antd';
import { CHECKER_KIND_LABELS, type CheckerItem, checkerInbox } from '../../../shared/contracts/checker-inbox';
import { peso, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';
import { CheckerActions } from './checker-actions';

/**
 * Finance and admins: one inbox of everything waiting for a second person, oldest first, with who
 * asked and when. Your own requests show as waiting for someone else.
 */
export function CheckerInbox() {
  const inbox = useCall(checkerInbox, {});
  const rows = inbox.data?.list ?? [];
  return (
    <>
      <Typography.Paragraph type="secondary">
        Everything here was asked for by one person and waits for a second. What you asked for yourself waits for
        someone else.
      </Typography.Paragraph>
      <DeskTable<CheckerItem>
        rowKey={(item) => `${item.kind}-${item.id}`}
        loading={inbox.isPending}
        dataSource={rows}
        locale={{ emptyText: 'Nothing waits for a second person' }}
        columns={[
          { title: 'What', dataIndex: 'kind', render: (kind: CheckerItem['kind']) => CHECKER_KIND_LABELS[kind] },
          { title: 'About', dataIndex: 'subject' },
          { title: 'Detail', dataIndex: 'detail', ellipsis: true, width: 280 },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number | null) => (amount === null ? '—' : peso(amount)),
          },
          { title: 'Asked by', dataIndex: 'proposedBy' },
          { title: 'Asked at', dataIndex: 'proposedAt', render: manilaTime },
          {
            title: 'Decision',
            fixed: 'right',
            render: (_, item) => <CheckerActions kind={item.kind} id={item.id} mine={item.mine} />,
          },
        ]}
      />
    </>
  );
}
