import { Card, Typography } from 'antd';
import {
  type DisbursalRow,
  disbursals,
  history,
  type PayoutRow,
  requestDisbursal,
} from '../../../shared/contracts/payouts';
import { peso, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';
import { DeskTable } from '../../desk-table';
import { ContractCell, DecidePayout, PayoutState, PayTo, RequestPayout } from './payout-parts';

/** A new request is possible when no payout of the loan is under way (none yet, or the last failed or was rejected). */
const requestable = (payout: PayoutRow | null) => !payout || payout.status === 'failed' || payout.status === 'rejected';

/**
 * Finance: approved loans (110) → one finance user requests the payout of the net proceeds to the
 * bound account → another approves it and the provider is asked to send it → the loan becomes 170
 * when the provider confirms. A failed payout comes back here with the provider's reason.
 */
export function Disbursements() {
  const list = useCall(disbursals, {});
  const recent = useCall(history, {});
  return (
    <>
      <Card title="Waiting for disbursal" style={{ marginBottom: 24 }}>
        <DeskTable<DisbursalRow>
          rowKey="orderId"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: 'No approved loan is waiting' }}
          columns={[
            {
              title: 'Order',
              dataIndex: 'orderNo',
              render: (_: string, o) => <ContractCell orderNo={o.orderNo} fullName={o.fullName} phone={o.phone} />,
            },
            {
              title: 'Net proceeds',
              dataIndex: 'netProceeds',
              align: 'right',
              render: (net: number | null, o) => (
                <span>
                  {peso(net)}
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    of {peso(o.amount)} lent
                  </Typography.Text>
                </span>
              ),
            },
            { title: 'Pay to', render: (_, o) => <PayTo account={o.account} /> },
            { title: 'Payout', width: 360, render: (_, o) => <PayoutState payout={o.payout} /> },
            {
              title: 'Action',
              fixed: 'right',
              render: (_, o) =>
                requestable(o.payout) ? (
                  <RequestPayout
                    call={requestDisbursal}
                    orderId={o.orderId}
                    testId={`request-payout-${o.orderNo}`}
                    disabled={!o.account}
                  >
                    {o.payout ? 'Request again' : 'Request payout'}
                  </RequestPayout>
                ) : o.payout ? (
                  <DecidePayout payout={o.payout} />
                ) : null,
            },
          ]}
        />
      </Card>
      <Card title="Recent payouts">
        <DeskTable<PayoutRow>
          rowKey="id"
          size="small"
          loading={recent.isPending}
          dataSource={recent.data?.list ?? []}
          locale={{ emptyText: 'No payout yet' }}
          columns={[
            { title: 'Requested', dataIndex: 'requestedAt', render: manilaTime },
            { title: 'Contract', dataIndex: 'orderNo', render: (no: string) => <a href={deskHref.find(no)}>{no}</a> },
            { title: 'For', dataIndex: 'kind' },
            { title: 'Amount', dataIndex: 'amount', align: 'right', render: peso },
            { title: 'Pay to', render: (_, p) => <PayTo account={p.account} /> },
            { title: 'Payout', width: 360, render: (_, p) => <PayoutState payout={p} /> },
          ]}
        />
      </Card>
    </>
  );
}
