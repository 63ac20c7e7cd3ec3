import { Tag, Typography } from 'antd';
import { type CreditRow, credits, requestRefund } from '../../../shared/contracts/payouts';
import { peso, useCall } from '../../api';
import { DeskTable } from '../../desk-table';
import { ContractCell, DecidePayout, PayoutState, PayTo, RequestPayout } from './payout-parts';

/**
 * Finance: what settled loans were paid over what they owed is the borrower's. One finance user
 * requests its refund to the bound account, another approves it; it is booked when the provider
 * confirms the money went out.
 */
export function CreditBalances() {
  const list = useCall(credits, {});
  return (
    <DeskTable<CreditRow>
      rowKey="orderId"
      loading={list.isPending}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: 'No borrower holds credit' }}
      columns={[
        {
          title: 'Contract',
          dataIndex: 'orderNo',
          render: (_: string, o) => (
            <span>
              <ContractCell orderNo={o.orderNo} fullName={o.fullName} phone={o.phone} />
              {o.status !== 200 ? <Tag color="orange">reopened ({o.status})</Tag> : null}
            </span>
          ),
        },
        {
          title: 'Credit',
          dataIndex: 'credit',
          align: 'right',
          render: (credit: number, o) => (
            <span>
              {peso(credit)}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                refunded {peso(o.refunded)}
                {o.applied > 0 ? ` · applied to other loans ${peso(o.applied)}` : ''}
              </Typography.Text>
            </span>
          ),
        },
        {
          title: 'Left to refund',
          dataIndex: 'available',
          align: 'right',
          render: (v: number) => <span data-testid="credit-left">{peso(v)}</span>,
        },
        { title: 'Pay to', render: (_, o) => <PayTo account={o.account} /> },
        { title: 'Refund', width: 360, render: (_, o) => <PayoutState payout={o.refund} /> },
        {
          title: 'Action',
          fixed: 'right',
          render: (_, o) => {
            const open = o.refund && ['requested', 'approved', 'accepted'].includes(o.refund.status);
            if (open && o.refund) return <DecidePayout payout={o.refund} />;
            if (o.available <= 0 || o.status !== 200) return null;
            return (
              <RequestPayout
                call={requestRefund}
                orderId={o.orderId}
                testId={`request-refund-${o.orderNo}`}
                disabled={!o.account}
              >
                {`Refund ${peso(o.available)}`}
              </RequestPayout>
            );
          },
        },
      ]}
    />
  );
}
