import { App, Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  approve,
  type PayoutRow,
  reject,
  type requestDisbursal,
  type requestRefund,
} from '../../../shared/contracts/payouts';
import { useAction } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';

const COLOR: Record<PayoutRow['status'], string> = {
  requested: 'gold',
  approved: 'blue',
  accepted: 'blue',
  succeeded: 'green',
  failed: 'red',
  rejected: 'default',
  reversed: 'red',
};

const LABEL: Record<PayoutRow['status'], string> = {
  requested: 'payout requested',
  approved: 'approved, sending',
  accepted: 'sent, waiting for the provider',
  succeeded: 'paid out',
  failed: 'failed',
  rejected: 'rejected',
  reversed: 'paid out, then sent back',
};

/** Where the money goes, whole: channel, holder and number (finance only). */
export function PayTo({ account }: { account: PayoutRow['account'] | null }) {
  if (!account) return <Typography.Text type="danger">No payout account bound</Typography.Text>;
  return (
    <span>
      {account.channelName} · {account.accountName}
      <br />
      <Typography.Text code copyable>
        {account.accountNo}
      </Typography.Text>
    </span>
  );
}

const small = { fontSize: 12 } as const;

/** A payout's state: status, reference, who asked and approved, the provider's id, and why it failed. */
export function PayoutState({ payout }: { payout: PayoutRow | null }) {
  if (!payout) return <Typography.Text type="secondary">not requested</Typography.Text>;
  const who = [
    `by ${payout.requestedBy}`,
    payout.approvedBy ? `approved by ${payout.approvedBy}` : '',
    payout.rejectedBy ? `rejected by ${payout.rejectedBy}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div data-testid={`payout-${payout.reference}`}>
      <Tag color={COLOR[payout.status]}>{LABEL[payout.status]}</Tag>
      <Typography.Text code>{payout.reference}</Typography.Text>
      <div>
        <Typography.Text type="secondary" style={small}>
          {who}
        </Typography.Text>
      </div>
      {payout.providerId ? (
        <div>
          <Typography.Text type="secondary" style={small}>
            {payout.provider} id {payout.providerId}
            {payout.completedAt ? ` · ${manilaTime(payout.completedAt)}` : ''}
          </Typography.Text>
        </div>
      ) : null}
      {payout.failureReason ? (
        <div>
          <Typography.Text type="danger" data-testid="payout-failure">
            {payout.failureReason}
          </Typography.Text>
        </div>
      ) : null}
      {payout.dispatchError ? (
        <div>
          <Typography.Text type="warning">The provider has not answered yet: {payout.dispatchError}</Typography.Text>
        </div>
      ) : null}
    </div>
  );
}

/** The contract, linked to the borrower's page, with the borrower under it. */
export function ContractCell({
  orderNo,
  fullName,
  phone,
}: {
  orderNo: string;
  fullName: string | null;
  phone: string;
}) {
  return (
    <span>
      <a href={deskHref.find(orderNo)}>{orderNo}</a>
      <br />
      <Typography.Text type="secondary" style={small}>
        {fullName ?? '—'} · {phone}
      </Typography.Text>
    </span>
  );
}

/** Approve (a second finance user), reject with a reason, or send again when the provider never answered. */
export function DecidePayout({ payout }: { payout: PayoutRow }) {
  const approveCall = useAction(approve);
  const rejectCall = useAction(reject);
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const failed = (err: Error) => void message.error(err.message);
  const send = (verb: string) =>
    approveCall.mutate(
      { payoutId: payout.id },
      {
        onSuccess: ({ payout: after }) =>
          void (after.status === 'failed'
            ? message.error(`${after.reference} failed: ${after.failureReason ?? ''}`)
            : message.success(`${after.reference} ${verb}: ${LABEL[after.status]}`)),
        onError: failed,
      },
    );
  if (payout.status === 'requested') {
    return (
      <Space>
        <Button
          type="primary"
          data-testid={`approve-payout-${payout.reference}`}
          loading={approveCall.isPending}
          onClick={() => send('approved')}
        >
          Approve and send
        </Button>
        <Popconfirm
          title={`Reject ${payout.reference}?`}
          description={
            <Input
              placeholder="Reason (required)"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-label="Reason for the rejection"
            />
          }
          okText="Reject"
          onConfirm={() =>
            rejectCall.mutate(
              { payoutId: payout.id, reason },
              { onSuccess: () => void message.success(`${payout.reference} rejected`), onError: failed },
            )
          }
        >
          <Button danger>Reject</Button>
        </Popconfirm>
      </Space>
    );
  }
  if (payout.canSendAgain) {
    return (
      <Button
        data-testid={`send-again-${payout.reference}`}
        loading={approveCall.isPending}
        onClick={() => send('asked again')}
      >
        Send again (same reference)
      </Button>
    );
  }
  return null;
}

/** Asks for a payout of an order (its disbursal, or a refund of all its credit left); another finance user approves it. */
export function RequestPayout({
  call,
  orderId,
  testId,
  disabled,
  children,
}: {
  call: typeof requestDisbursal | typeof requestRefund;
  orderId: number;
  testId: string;
  disabled: boolean;
  children: string;
}) {
  const ask = useAction(call);
  const { message } = App.useApp();
  return (
    <Button
      type="primary"
      data-testid={testId}
      disabled={disabled}
      loading={ask.isPending}
      onClick={() =>
        ask.mutate(
          { orderId },
          {
            onSuccess: ({ payout }) =>
              void message.success(`${payout.reference} requested: another finance user approves it`),
            onError: (err) => void message.error(err.message),
          },
        )
      }
    >
      {children}
    </Button>
  );
}
