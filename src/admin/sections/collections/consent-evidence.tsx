import { Descriptions, Tag, Typography } from 'antd';
import type { ConsentView } from '../../../shared/contracts/back-office-collections';
import { manilaTime } from '../../desk-format';

const SOURCE: Record<ConsentView['source'], string> = {
  'borrower-page': 'On the borrower pages',
  'sms-reply': 'By SMS reply',
};

/**
 * The borrower's consent to contact outside 6 AM–10 PM, read only: only the borrower gives or
 * withdraws it (borrower pages or SMS reply), and the desk shows how, with its evidence.
 */
export function ConsentEvidence({ consent, active }: { consent: ConsentView | null; active: boolean }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Borrower's consent to contact outside 6 AM–10 PM
      </Typography.Title>
      {consent === null ? (
        <p data-testid="consent-none">
          None. Only the borrower can give it, on their pages or by replying YES to a text; a collector's note is never
          consent.
        </p>
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          data-testid="consent-evidence"
          items={[
            {
              key: 'state',
              label: 'State',
              children: active ? (
                <Tag color="green">in force</Tag>
              ) : (
                <Tag>{consent.revokedAt ? 'withdrawn by the borrower' : 'expired'}</Tag>
              ),
            },
            { key: 'source', label: 'Given', children: `${SOURCE[consent.source]}, ${manilaTime(consent.givenAt)}` },
            { key: 'until', label: 'Until', children: manilaTime(consent.expiresAt) },
            ...(consent.revokedAt
              ? [{ key: 'revoked', label: 'Withdrawn', children: manilaTime(consent.revokedAt) }]
              : []),
            {
              key: 'evidence',
              label: 'Evidence',
              children: (
                <span style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
                  {Object.entries(consent.evidence)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(' · ')}
                </span>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
