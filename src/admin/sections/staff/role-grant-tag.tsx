import { App, Button, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { approveRoleGrant, type RoleGrant, rejectRoleGrant } from '../../../shared/contracts/back-office';
import { useAction } from '../../api';

/**
 * A money role one admin asked for, shown on the member until a second admin decides. The proposer
 * and the member it is for see no buttons: the server refuses them too.
 */
export function RoleGrantTag({ grant, myId }: { grant: RoleGrant; myId: number | undefined }) {
  const approve = useAction(approveRoleGrant);
  const reject = useAction(rejectRoleGrant);
  const { message } = App.useApp();
  const [reason, setReason] = useState<string | null>(null);
  const mayDecide = myId !== undefined && myId !== grant.proposedById && myId !== grant.staffId;
  const fail = (err: Error) => void message.error(err.message, 8);
  return (
    <Space size={4} wrap data-testid={`role-grant-${grant.id}`}>
      <Tag color="gold">
        {grant.role}: waiting for a second admin (asked by {grant.proposedBy})
      </Tag>
      {mayDecide ? (
        <>
          <Button
            size="small"
            type="primary"
            loading={approve.isPending}
            data-testid={`approve-grant-${grant.id}`}
            onClick={() =>
              approve.mutate(
                { id: grant.id },
                { onSuccess: () => void message.success(`${grant.role} granted`), onError: fail },
              )
            }
          >
            Approve
          </Button>
          <Button size="small" data-testid={`reject-grant-${grant.id}`} onClick={() => setReason('')}>
            Reject
          </Button>
        </>
      ) : null}
      <Modal
        title={`Reject ${grant.role} for ${grant.staffEmail}`}
        open={reason !== null}
        okText="Reject"
        okButtonProps={{ danger: true, loading: reject.isPending, disabled: !reason?.trim() }}
        onCancel={() => setReason(null)}
        onOk={() =>
          reject.mutate(
            { id: grant.id, reason: reason ?? '' },
            {
              onSuccess: () => {
                setReason(null);
                void message.success('Rejected');
              },
              onError: fail,
            },
          )
        }
      >
        <label htmlFor={`grant-reason-${grant.id}`}>Why</label>
        <Input
          id={`grant-reason-${grant.id}`}
          value={reason ?? ''}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
