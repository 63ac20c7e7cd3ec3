import { Card, Descriptions } from 'antd';
import { useEffect, useState } from 'react';
import type { CallReply } from '../../shared/api/define-call';
import type { borrowerView } from '../../shared/contracts/back-office-borrowers';
import { pictureUrl } from '../api';
import { manilaTime } from '../desk-format';

type Application = NonNullable<CallReply<typeof borrowerView>['application']>;

/** An identity picture, fetched with the staff token (it is served to credit staff only). */
function Picture({ url, title }: { url: string; title: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void pictureUrl(url)
      .then((s) => live && setSrc(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  // A plain picture that opens full size in a new tab: antd's Image preview would weigh on every desk.
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} width={120} alt={title} style={{ borderRadius: 4 }} />
    </a>
  ) : (
    <span>Loading…</span>
  );
}

/** The answers the borrower gave in the application, for the credit decision. */
export function ApplicationCard({ application }: { application: Application }) {
  return (
    <Card title="Application" style={{ marginBottom: 16 }} data-testid="borrower-application">
      {application.sections.length === 0 ? <p>No answers yet</p> : null}
      {application.sections.map((section) => (
        <Descriptions key={section.key} title={section.title} size="small" column={2} style={{ marginBottom: 12 }}>
          {section.rows.map((row) => (
            <Descriptions.Item key={row.code} label={row.title}>
              {row.kind === 'image' ? (
                row.value ? (
                  <Picture url={row.value} title={row.title} />
                ) : (
                  'Not uploaded'
                )
              ) : (
                row.value || '—'
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ))}
      <p>Privacy consent: {application.consentGivenAt ? manilaTime(application.consentGivenAt) : 'not given'}</p>
    </Card>
  );
}
