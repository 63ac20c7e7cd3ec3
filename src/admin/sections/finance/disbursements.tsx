import { Card, Typography } from 'antd';
import {
  type DisbursalRow,
  disbursals,
  history,
  PAYOUT_STATUSES,
  type PayoutRow,
  type PayoutStatus,
  requestDisbursal,
} from '../../../shared/contracts/payouts';
import { peso, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';
import { type DeskField, DeskFilters, useDeskFilters } from '../../desk-filters';
import { useDeskPage } from '../../desk-paging';
import { DeskTable } from '../../desk-table';
import { ContractCell, DecidePayout, PayoutState, PayTo, RequestPayout } from './payout-parts';

/** A new request is possible when no payout of the loan is under way (none yet, or the last failed or was rejected). */
const requestable = (payout: PayoutRow | null) => !payout || payout.status === 'failed' || payout.status === 'rejected';

const WAITING_FIELDS: readonly DeskField<{ orderNo?: string }>[] = [
  {
    kind: 'search',
    key: 'orderNo',
    placeholder: 'Contract number (84 or HRM00000084)',
    label: 'Find an approved loan by its contract number',
    width: 300,
  },
];

type PayoutFilters = { orderNo?: string; kind?: 'disbursal' | 'refund'; status?: PayoutStatus };
const PAYOUT_FIELDS: readonly DeskField<PayoutFilters>[] = [
  {
    kind: 'search',
    key: 'orderNo',
    placeholder: 'Contract number',
    label: 'Find the payouts of a contract',
    width: 240,
  },
  {
    kind: 'select',
    key: 'kind',
    placeholder: 'Disbursals and refunds',
    label: 'Kind',
    width: 200,
    options: [
      { value: 'disbursal', label: 'Disbursals' },
      { value: 'refund', label: 'Refunds' },
    ],
  },
  {
    kind: 'select',
    key: 'status',
    placeholder: 'Any status',
    label: 'Payout status',
    width: 160,
    options: PAYOUT_STATUSES.map((s) => ({ value: s, label: s })),
  },
];

/**
 * Finance: approved loans (110) → one finance user requests the payout of the net proceeds to the
 * bound account → another approves it and the provider is asked to send it → the loan becomes 170
 * when the provider confirms. A failed payout comes back here with the provider's reason.
 */
export function Disbursements() {
  const waiting = useDeskPage<'createdAt' | 'amount'>('createdAt', 'asc');
  const waitingFilters = useDeskFilters<{ orderNo?: string }>({}, waiting.firstPage);
  const list = useCall(disbursals, { ...waiting.page, ...waitingFilters.filters });
  return (
    <>
      <Card
        title="Waiting for disbursal"
        style={{ marginBottom: 24 }}
        extra={
          <DeskFilters fields={WAITING_FIELDS} filters={waitingFilters.filters} set={waitingFilters.set} style={{}} />
        }
      >
        <DeskTable<DisbursalRow, 'createdAt' | 'amount'>
          rowKey="orderId"
          server={{
            page: waiting.page,
            total: list.data?.total ?? 0,
            sorts: ['createdAt', 'amount'],
            onChange: waiting.setPage,
          }}
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: 'No approved loan is waiting' }}
          columns={[
            {
              title: 'Order',
              dataIndex: 'orderNo',
              render: (_: string, o) => <ContractCell orderNo={o.orderNo} fullName={o.fullName} phone={o.phone} />,
            },
            { title: 'Applied', dataIndex: 'createdAt', render: manilaTime },
            { title: 'Lent', dataIndex: 'amount', align: 'right', render: peso },
            {
              title: 'Net proceeds',
              dataIndex: 'netProceeds',
              align: 'right',
              render: (net: number | null, o) => (
                <Typography.Text strong={o.netProceeds !== null}>{peso(net)}</Typography.Text>
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
      <RecentPayouts />
    </>
  );
}

/** Every payout, newest first unless sorted, found by contract, kind and status over the whole set. */
function RecentPayouts() {
  const { page, setPage, firstPage } = useDeskPage<'requestedAt' | 'amount'>('requestedAt', 'desc');
  const { filters, set } = useDeskFilters<PayoutFilters>({}, firstPage);
  const recent = useCall(history, { ...page, ...filters });
  return (
    <Card title="Payouts">
      <DeskFilters fields={PAYOUT_FIELDS} filters={filters} set={set} />
      <DeskTable<PayoutRow, 'requestedAt' | 'amount'>
        rowKey="id"
        size="small"
        server={{ page, total: recent.data?.total ?? 0, sorts: ['requestedAt', 'amount'], onChange: setPage }}
        loading={recent.isPending}
        dataSource={recent.data?.list ?? []}
        locale={{ emptyText: 'No payout' }}
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
  );
}
