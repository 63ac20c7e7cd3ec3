import type { TableColumnsType } from 'antd';
import { deskHref } from '../desk-paths';
import { manilaTime } from '../desk-format';
import type { QueuedOrder } from '../../shared/contracts/back-office-queues';
import { peso } from '../api';

/** The columns credit and finance both read: who borrows what, on which terms. */
export const orderColumns: TableColumnsType<QueuedOrder> = [
  { title: 'Order', dataIndex: 'orderNo', render: (orderNo: string) => <a href={deskHref.find(orderNo)}>{orderNo}</a> },
  { title: 'Submitted', dataIndex: 'createdAt', render: manilaTime },
  { title: 'Borrower', render: (_, o) => `${o.fullName ?? '—'} · ${o.phone} (${o.borrowerKind})` },
  { title: 'Product', dataIndex: 'productName' },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
  { title: 'Term', render: (_, o) => `${o.termDays} days, ${o.periods} period${o.periods > 1 ? 's' : ''}` },
  { title: 'Net proceeds', dataIndex: 'netProceeds', align: 'right', render: peso },
  { title: 'Total to repay', dataIndex: 'totalRepayable', align: 'right', render: peso },
  { title: 'Payout account', dataIndex: 'payoutAccount', render: (a: string | null) => a ?? 'none bound' },
];
