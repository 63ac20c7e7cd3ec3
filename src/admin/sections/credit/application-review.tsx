import { Alert, Descriptions, Drawer, List, Tag, Typography } from 'antd';
import { review } from '../../../shared/contracts/credit-review';
import { peso, useCall } from '../../api';
import { manilaTime } from '../../desk-format';
import { deskHref } from '../../desk-paths';

const SIGNAL_TITLE = {
  idNumber: 'Same ID number',
  payoutAccount: 'Same payout account',
  phone: 'Mobile shared as an e-wallet',
  device: 'Same device',
} as const;

/** Credit's look at one application before deciding: what ties the borrower to others, what they owe, their loans and past decisions. */
export function ApplicationReview({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const data = useCall(review, { orderId }).data;
  return (
    <Drawer
      open
      width={560}
      title={data ? `Review ${data.order.orderNo}` : 'Review'}
      onClose={onClose}
      data-testid="application-review"
    >
      {data ? (
        <>
          <p>
            <a href={deskHref.borrower(data.borrowerId)}>Open the borrower: identity, answers, ID and selfie</a>
          </p>
          {data.signals.length === 0 ? (
            <Alert type="success" showIcon message="No duplicate signal: nothing ties this borrower to another one" />
          ) : (
            data.signals.map((s) => (
              <Alert
                key={`${s.kind}:${s.value}`}
                type="warning"
                showIcon
                style={{ marginBottom: 8 }}
                data-testid={`signal-${s.kind}`}
                message={`${SIGNAL_TITLE[s.kind]}: ${s.value}`}
                description={
                  <span>
                    {s.borrowers.map((b, i) => (
                      <span key={b.borrowerId}>
                        {i > 0 ? ', ' : ''}
                        <a
                          href={deskHref.borrower(b.borrowerId)}
                          style={{ textDecoration: 'underline' }}
                        >{`${b.fullName ?? '—'} · ${b.phone}`}</a>
                      </span>
                    ))}
                    {` has ${s.detail}.`}
                  </span>
                }
              />
            ))
          )}
          <Descriptions size="small" column={1} style={{ marginTop: 16 }} title="Exposure">
            <Descriptions.Item label="Open loans">{data.exposure.openLoans}</Descriptions.Item>
            <Descriptions.Item label="Owed on them today">{peso(data.exposure.outstanding)}</Descriptions.Item>
            <Descriptions.Item label="This application">{`${peso(data.order.amount)} over ${data.order.termDays} days`}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>Other loans</Typography.Title>
          <List
            size="small"
            dataSource={data.otherLoans}
            locale={{ emptyText: 'None: a first loan' }}
            renderItem={(o) => (
              <List.Item>{`${o.orderNo} · ${peso(o.amount)} · ${o.statusText} · applied ${manilaTime(o.createdAt)}`}</List.Item>
            )}
          />
          <Typography.Title level={5}>Decisions on this borrower</Typography.Title>
          <List
            size="small"
            dataSource={data.decisions}
            locale={{ emptyText: 'None yet' }}
            renderItem={(d) => (
              <List.Item>
                <span>
                  <Tag color={d.status === 110 ? 'green' : 'red'}>{d.status === 110 ? 'approved' : 'rejected'}</Tag>
                  {`${d.orderNo} by ${d.actor}, ${manilaTime(d.at)}`}
                  {d.reason ? (
                    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                      {d.status === 110 ? d.reason : `The borrower read: ${d.reason}`}
                    </Typography.Paragraph>
                  ) : null}
                </span>
              </List.Item>
            )}
          />
          <Typography.Title level={5}>Internal notes (staff only, never shown to the borrower)</Typography.Title>
          <List
            size="small"
            dataSource={data.internalNotes}
            locale={{ emptyText: 'None' }}
            data-testid="internal-notes"
            renderItem={(n) => (
              <List.Item>
                <span>
                  {`${n.orderNo} by ${n.actor}, ${manilaTime(n.at)}`}
                  <Typography.Paragraph style={{ margin: 0 }}>{n.note}</Typography.Paragraph>
                </span>
              </List.Item>
            )}
          />
        </>
      ) : null}
    </Drawer>
  );
}
