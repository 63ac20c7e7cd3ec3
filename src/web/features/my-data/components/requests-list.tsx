import type { CallReply } from '../../../../shared/api/define-call';
import { DESK_KINDS, type myData } from '../../../../shared/contracts/privacy';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import styles from './my-data.module.css';

type Request = CallReply<typeof myData>['requests'][number];

function statusText(r: Request): string {
  if (r.status === 'open') return t('myData.status.open', { date: humanDate(r.dueAt) });
  const date = humanDate(r.answeredAt ?? r.createdAt);
  return r.status === 'done' ? t('myData.status.done', { date }) : t('myData.status.refused', { date });
}

/** My requests, newest first: each with its deadline while open, the answer once given. */
export function RequestsList({ requests }: { requests: readonly Request[] }) {
  return (
    <section className={styles.block}>
      <h2>{t('myData.requests')}</h2>
      {requests.length === 0 ? (
        <p className={styles.help}>{t('myData.noRequests')}</p>
      ) : (
        <ul className={styles.list} data-testid="my-data-requests">
          {requests.map((r) => (
            <li key={r.id} data-testid={`my-data-request-${r.kind}`} data-status={r.status}>
              <strong>{t(`myData.kind.${r.kind}`)}</strong>
              <span className={styles.meta}>{statusText(r)}</span>
              {/* Immediate ones (download, consent, objection) say all in their status; the desk's answers are its words. */}
              {r.outcome && DESK_KINDS.includes(r.kind) ? <span data-testid="my-data-outcome">{r.outcome}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
