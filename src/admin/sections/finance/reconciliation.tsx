import { Alert, App, Button, Card, Descriptions, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  type FindingRow,
  type Resolution,
  reconciliation,
  resolveFinding,
  runReconciliation,
} from '../../../shared/contracts/reconciliation';
import { peso, useAction, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { DeskTable } from '../../desk-table';

const manilaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());

const KIND_LABEL: Record<FindingRow['kind'], string> = {
  'paid-not-posted': 'Paid, not posted',
  'posted-not-paid': 'Posted, not paid',
  'amount-differs': 'Amount differs',
  'payout-not-recorded': 'Payout not recorded',
  'payout-not-paid': 'Payout not paid',
  'payout-amount-differs': 'Payout amount differs',
  'payout-reversed': 'Payout reversed',
  'unreadable-row': 'Provider row unreadable',
};
const STATUS_COLOUR = { open: 'orange', resolved: 'green', cleared: 'default' } as const;
const ACTION_LABEL: Record<Resolution, string> = { post: 'Post', reverse: 'Reverse', explain: 'Explain' };
const ACTION_HELP: Record<Resolution, string> = {
  post: "Posts the provider's payment as its confirmation would (or enters it for a second finance user), or completes the payout the provider made",
  reverse:
    'Enters the reversal of the posting for a second finance user to approve in Payments; the loan is then rebuilt without it',
  explain: 'Closes the finding with your note; the books do not change',
};

/**
 * Finance: the day's reconciliation with the payment provider. Run it (it also runs after each
 * close of business), read the findings, and resolve each: post, reverse, or explain with a note.
 */
export function Reconciliation() {
  const [date, setDate] = useState(manilaToday);
  const day = useCall(reconciliation, { date }, Boolean(date));
  const run = useAction(runReconciliation);
  const resolve = useAction(resolveFinding);
  const { message } = App.useApp();
  const [resolving, setResolving] = useState<{ finding: FindingRow; action: Resolution } | null>(null);
  const [note, setNote] = useState('');
  const [orderNo, setOrderNo] = useState('');
  const fail = (err: Error) => void message.error(err.message);
  const summary = day.data?.run;
  const close = () => {
    setResolving(null);
    setNote('');
    setOrderNo('');
  };
  const needsContract =
    resolving?.action === 'post' && resolving.finding.kind === 'paid-not-posted' && resolving.finding.orderNo === null;
  return (
    <Card title="Reconciliation with the payment provider">
      <Space style={{ marginBottom: 16 }} wrap>
        <label htmlFor="rc-date">Business date</label>
        <Input
          id="rc-date"
          type="date"
          value={date}
          max={manilaToday()}
          onChange={(e) => setDate(e.target.value)}
          style={{ width: 180 }}
        />
        <Button
          type="primary"
          loading={run.isPending}
          onClick={() =>
            run.mutate(
              { date },
              {
                onSuccess: (r) =>
                  void message.success(
                    `Reconciled: ${r.run.openFindings} open finding${r.run.openFindings === 1 ? '' : 's'}`,
                  ),
                onError: fail,
              },
            )
          }
        >
          Run now
        </Button>
      </Space>
      {day.error && <Alert type="error" showIcon message={day.error.message} style={{ marginBottom: 16 }} />}
      {summary ? (
        <Descriptions size="small" column={5} style={{ marginBottom: 16 }} data-testid="rc-summary">
          <Descriptions.Item label="Provider">{summary.provider}</Descriptions.Item>
          <Descriptions.Item label="Transactions">{summary.transactions}</Descriptions.Item>
          <Descriptions.Item label="Matched">{summary.matched}</Descriptions.Item>
          <Descriptions.Item label="Open findings">{summary.openFindings}</Descriptions.Item>
          <Descriptions.Item label="Last run">{`${manilaTime(summary.finishedAt)} by ${summary.runBy}`}</Descriptions.Item>
        </Descriptions>
      ) : (
        day.data && (
          <Typography.Paragraph type="secondary">
            Not reconciled yet: run it now, or wait for the run after close of business.
          </Typography.Paragraph>
        )
      )}
      <DeskTable<FindingRow>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={day.isPending}
        dataSource={day.data?.findings ?? []}
        locale={{ emptyText: 'No findings for this date' }}
        columns={[
          { title: 'Finding', dataIndex: 'kind', render: (k: FindingRow['kind']) => KIND_LABEL[k] },
          {
            title: 'Reference, contract',
            dataIndex: 'reference',
            render: (reference: string, row) => (
              <>
                {reference}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {row.orderNo ?? 'no contract of ours'}
                </Typography.Text>
              </>
            ),
          },
          { title: 'Provider', dataIndex: 'providerAmount', align: 'right', render: peso },
          { title: 'Ours', dataIndex: 'ourAmount', align: 'right', render: peso },
          {
            title: 'What was found',
            dataIndex: 'detail',
            render: (d: string) => (
              <span style={{ display: 'inline-block', width: 220, whiteSpace: 'normal' }}>{d}</span>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: FindingRow['status'], row) => (
              <span title={row.note ?? undefined} style={{ display: 'inline-block', width: 150, whiteSpace: 'normal' }}>
                <Tag color={STATUS_COLOUR[s]}>{s}</Tag>
                {row.resolution && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {`${row.resolution}${row.resolvedBy ? ` by ${row.resolvedBy}` : ''}`}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: 'Resolve',
            key: 'resolve',
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space>
                {row.actions.map((action) => (
                  <Button
                    key={action}
                    size="small"
                    danger={action === 'reverse'}
                    type={action === 'post' ? 'primary' : 'default'}
                    title={ACTION_HELP[action]}
                    onClick={() => setResolving({ finding: row, action })}
                  >
                    {ACTION_LABEL[action]}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={resolving !== null}
        title={
          resolving
            ? `${ACTION_LABEL[resolving.action]}: ${KIND_LABEL[resolving.finding.kind]} ${resolving.finding.reference}`
            : ''
        }
        okText={resolving ? ACTION_LABEL[resolving.action] : 'OK'}
        okButtonProps={{
          disabled: note.trim().length < 3 || (needsContract && orderNo.trim().length < 3),
          loading: resolve.isPending,
        }}
        onCancel={close}
        onOk={() =>
          resolving &&
          resolve.mutate(
            { findingId: resolving.finding.id, action: resolving.action, note, ...(needsContract ? { orderNo } : {}) },
            {
              onSuccess: () => {
                void message.success('Resolved');
                close();
              },
              onError: fail,
            },
          )
        }
      >
        {resolving && <Typography.Paragraph type="secondary">{ACTION_HELP[resolving.action]}</Typography.Paragraph>}
        {needsContract && (
          <Input
            aria-label="Contract the money belongs to"
            placeholder="Contract, like HRM00000080"
            value={orderNo}
            onChange={(e) => setOrderNo(e.target.value)}
            style={{ marginBottom: 8 }}
          />
        )}
        <Input.TextArea
          aria-label="Resolution note"
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="What you checked, and why this resolves it"
        />
      </Modal>
    </Card>
  );
}
