import type { ReactNode } from 'react';
import { retryCanHelp } from '../api/errors';
import { t } from '../i18n';
import styles from './query-state.module.css';

interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Loading, error (with the reason, and a retry when asking again could help) or the content of one query. The server message was
 * already shown in a toast by the API client; it is repeated here so it stays on the page.
 * Plain elements styled like antd-mobile's: its SpinLoading alone brings an animation library of
 * 17 KB gzip to every page that shows a query (docs/performance.md).
 */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    const reason = query.error instanceof Error && query.error.message ? query.error.message : t('common.loadFailed');
    return (
      <div className={styles.state} role="alert">
        <p className={styles.message}>{reason}</p>
        {retryCanHelp(query.error) ? (
          <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={styles.state} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.message}>{t('common.loading')}</span>
    </div>
  );
}
