import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import {
  approveFactorReset,
  approveRoleGrant,
  rejectFactorReset,
  rejectRoleGrant,
} from '../../../shared/contracts/back-office';
import { approveProductChange, rejectProductChange } from '../../../shared/contracts/back-office-catalogue';
import type { CheckerKind } from '../../../shared/contracts/checker-inbox';
import * as transfers from '../../../shared/contracts/credit-transfers';
import {
  approveManualPayment,
  approveReversal,
  rejectManualPayment,
  rejectReversal,
} from '../../../shared/contracts/operator-loans';
import * as payouts from '../../../shared/contracts/payouts';
import { approveWriteOff, rejectWriteOff } from '../../../shared/contracts/write-offs';
import { call } from '../../api';

/** Each kind's own approve and reject calls: the inbox and the desks decide through the same ones. */
const DECIDE: Record<
  CheckerKind,
  { approve: (id: number) => Promise<unknown>; reject: (id: number, reason: string) => Promise<unknown> }
> = {
  payout: {
    approve: (payoutId) => call(payouts.approve, { payoutId }),
    reject: (payoutId, reason) => call(payouts.reject, { payoutId, reason }),
  },
  refund: {
    approve: (payoutId) => call(payouts.approve, { payoutId }),
    reject: (payoutId, reason) => call(payouts.reject, { payoutId, reason }),
  },
  manualPosting: {
    approve: (requestId) => call(approveManualPayment, { requestId }),
    reject: (requestId, reason) => call(rejectManualPayment, { requestId, reason }),
  },
  reversal: {
    approve: (requestId) => call(approveReversal, { requestId }),
    reject: (requestId, reason) => call(rejectReversal, { requestId, reason }),
  },
  writeOff: {
    approve: (requestId) => call(approveWriteOff, { requestId }),
    reject: (requestId, reason) => call(rejectWriteOff, { requestId, reason }),
  },
  creditTransfer: {
    approve: (transferId) => call(transfers.approve, { transferId }),
    reject: (transferId, reason) => call(transfers.reject, { transferId, reason }),
  },
  productChange: {
    approve: (changeId) => call(approveProductChange, { changeId }),
    reject: (changeId, reason) => call(rejectProductChange, { changeId, reason }),
  },
  roleGrant: {
    approve: (id) => call(approveRoleGrant, { id }),
    reject: (id, reason) => call(rejectRoleGrant, { id, reason }),
  },
  factorReset: {
    approve: (id) => call(approveFactorReset, { id }),
    reject: (id, reason) => call(rejectFactorReset, { id, reason }),
  },
};

/**
 * Approve or reject one item waiting for a second person, the same on every desk. The person who
 * asked for it (or whom it is about) sees that it waits for someone else, and no buttons: the
 * server refuses them as well.
 */
export function CheckerActions({
  kind,
  id,
  mine,
  testId,
}: {
  kind: CheckerKind;
  id: number;
  mine: boolean;
  testId?: string;
}) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [reason, setReason] = useState<string | null>(null);
  const done = (text: string) => ({
    onSuccess: () => {
      setReason(null);
      void client.invalidateQueries();
      void message.success(text);
    },
    onError: (err: Error) => void message.error(err.message, 8),
  });
  const approve = useMutation({ mutationFn: () => DECIDE[kind].approve(id) });
  const reject = useMutation({ mutationFn: (why: string) => DECIDE[kind].reject(id, why) });
  const key = testId ?? `${kind}-${id}`;
  if (mine)
    return (
      <Tag color="gold" data-testid={`waiting-${key}`}>
        Waiting for a second person
      </Tag>
    );
  return (
    <Space size={4}>
      <Button
        size="small"
        type="primary"
        loading={approve.isPending}
        data-testid={`approve-${key}`}
        onClick={() => approve.mutate(undefined, done('Approved'))}
      >
        Approve
      </Button>
      <Button size="small" danger data-testid={`reject-${key}`} onClick={() => setReason('')}>
        Reject
      </Button>
      <Modal
        title="Reject: say why"
        open={reason !== null}
        okText="Reject"
        okButtonProps={{ danger: true, loading: reject.isPending, disabled: (reason ?? '').trim().length < 3 }}
        onCancel={() => setReason(null)}
        onOk={() => reject.mutate(reason ?? '', done('Rejected'))}
      >
        <label htmlFor={`reject-reason-${key}`}>Reason (kept with the decision)</label>
        <Input.TextArea
          id={`reject-reason-${key}`}
          rows={3}
          maxLength={300}
          value={reason ?? ''}
          onChange={(e) => setReason(e.target.value)}
          data-testid={`reject-reason-${key}`}
        />
      </Modal>
    </Space>
  );
}
