import { DeskTable } from '../../desk-table';
import { manilaTime } from '../../desk-format';
import { contactMessages } from '../../../shared/contracts/back-office-queues';
import { useCall } from '../../api';

/** Support: the official site's contact form messages, newest first. */
export function ContactMessages() {
  const list = useCall(contactMessages, {});
  return (
    <DeskTable
      rowKey="id"
      loading={list.isPending}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: 'No message yet' }}
      columns={[
        { title: 'Received', dataIndex: 'createdAt', render: manilaTime },
        { title: 'Name', dataIndex: 'name' },
        { title: 'Phone', dataIndex: 'phone' },
        { title: 'E-mail', dataIndex: 'email', render: (e: string) => <a href={`mailto:${e}`}>{e}</a> },
        { title: 'Message', dataIndex: 'remark' },
      ]}
    />
  );
}
