import { Card, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
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
import { useDeskPage } from '../../desk-paging';
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
  const [orderNo, setOrderNo] = useState('');
  const waiting = useDeskPage<'createdAt' | 'amount'>('createdAt', 'asc');
  const list = useCall(disbursals, { ...waiting.page, orderNo: orderNo || undefined });
  return (
    <>
      <Card
        title="Waiting for disbursal"
        style={{ marginBottom: 24 }}
        extra={
          <Input.Search
            placeholder="Contract number (84 or HRM00000084)"
            allowClear
            onSearch={(v) => {
              setOrderNo(v.trim());
              waiting.firstPage();
            }}
            style={{ width: 300 }}
            aria-label="Find an approved loan by its contract number"
          />
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
  const [orderNo, setOrderNo] = useState('');
  const [kind, setKind] = useState<'disbursal' | 'refund' | undefined>();
  const [status, setStatus] = useState<PayoutStatus | undefined>();
  const { page, setPage, firstPage } = useDeskPage<'requestedAt' | 'amount'>('requestedAt', 'desc');
  const recent = useCall(history, { ...page, orderNo: orderNo || undefined, kind, status });
  return (
    <Card title="Payouts">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="Contract number"
          allowClear
          onSearch={(v) => {
            setOrderNo(v.trim());
            firstPage();
          }}
          style={{ width: 240 }}
          aria-label="Find the payouts of a contract"
        />
        <Select
          aria-label="Kind"
          placeholder="Disbursals and refunds"
          allowClear
          style={{ width: 200 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            firstPage();
          }}
          options={[
            { value: 'disbursal', label: 'Disbursals' },
            { value: 'refund', label: 'Refunds' },
          ]}
        />
        <Select
          aria-label="Payout status"
          placeholder="Any status"
          allowClear
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            firstPage();
          }}
          options={PAYOUT_STATUSES.map((s) => ({ value: s, label: s }))}
        />
      </Space>
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
