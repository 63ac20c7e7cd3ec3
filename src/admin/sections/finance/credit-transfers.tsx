import { App, Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { approve, list, reject, type TransferRow } from '../../../shared/contracts/credit-transfers';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';
import { ContractCell } from './payout-parts';

const COLOR: Record<TransferRow['status'], string> = {
  requested: 'gold',
  posted: 'green',
  rejected: 'default',
  reversed: 'red',
};

/** Approve (the credit is posted on the running loan) or refuse with the reason the borrower reads. */
function DecideTransfer({ transfer }: { transfer: TransferRow }) {
  const approveCall = useAction(approve);
  const rejectCall = useAction(reject);
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const failed = (err: Error) => void message.error(err.message);
  if (transfer.status !== 'requested') return null;
  return (
    <Space>
      <Button
        type="primary"
        data-testid={`approve-transfer-${transfer.reference}`}
        loading={approveCall.isPending}
        onClick={() =>
          approveCall.mutate(
            { transferId: transfer.id },
            {
              onSuccess: ({ transfer: after }) =>
                void (after.status === 'posted'
                  ? message.success(`${after.reference}: ${peso(after.amount)} posted on ${after.toOrderNo}`)
                  : message.warning(`${after.reference} refused: ${after.reason ?? ''}`)),
              onError: failed,
            },
          )
        }
      >
        Approve and post
      </Button>
      <Popconfirm
        title={`Refuse ${transfer.reference}?`}
        description={
          <Input
            placeholder="Reason the borrower reads (required)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-label="Reason for refusing"
          />
        }
        okText="Refuse"
        onConfirm={() =>
          rejectCall.mutate(
            { transferId: transfer.id, reason },
            { onSuccess: () => void message.success(`${transfer.reference} refused`), onError: failed },
          )
        }
      >
        <Button danger>Refuse</Button>
      </Popconfirm>
    </Space>
  );
}

/**
 * Finance: borrowers who asked for a settled loan's credit to pay their running loan. Approving
 * posts it there as a payment from provider "credit" (at most what that loan owes now); nothing
 * leaves the lender, so one finance user decides: the borrower's request is the other hand.
 */
export function CreditTransfers() {
  const rows = useCall(list, {});
  return (
    <DeskTable<TransferRow>
      rowKey="id"
      loading={rows.isPending}
      dataSource={rows.data?.list ?? []}
      locale={{ emptyText: 'No borrower asked to use their credit on another loan' }}
      columns={[
        {
          title: 'Reference',
          dataIndex: 'reference',
          render: (ref: string) => <Typography.Text code>{ref}</Typography.Text>,
        },
        {
          title: 'From (settled)',
          dataIndex: 'fromOrderNo',
          render: (_: string, o) => <ContractCell orderNo={o.fromOrderNo} fullName={o.fullName} phone={o.phone} />,
        },
        { title: 'To (running)', dataIndex: 'toOrderNo' },
        { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => peso(v) },
        { title: 'Asked', dataIndex: 'consentedAt', render: (at: string) => manilaTime(at) },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: TransferRow['status'], o) => (
            <span>
              <Tag color={COLOR[status]} data-testid={`transfer-status-${o.reference}`}>
                {status}
              </Tag>
              {o.decidedBy ? <Typography.Text type="secondary">{` by ${o.decidedBy}`}</Typography.Text> : null}
              {o.reason ? (
                <>
                  <br />
                  <Typography.Text type="secondary">{o.reason}</Typography.Text>
                </>
              ) : null}
            </span>
          ),
        },
        { title: 'Action', fixed: 'right', render: (_, o) => <DecideTransfer transfer={o} /> },
      ]}
    />
  );
}
