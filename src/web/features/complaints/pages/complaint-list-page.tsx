import { useState } from 'react';
import { Link } from '../../../lib/router';
import { href } from '../../../../shared/pages';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { Tabs } from '../../../lib/ui/tabs';
import { useProblemList } from '../api/get-problem-list';
import styles from '../components/complaints.module.css';
import { useBackOrClose } from '../components/use-back';

/**
 * spec 000 §2 complaint list: the server's tabs; rows with time, type and content open the details.
 * Ours: a way to start a new complaint, so the list is not a dead end.
 */
export function ComplaintListPage() {
  const list = useProblemList();
  const back = useBackOrClose();
  const [active, setActive] = useState<string>();
  return (
    <PageLayout title={t('page.complaintList')} onBack={back}>
      <Link
        className={`${styles.primaryLink} ${styles.newComplaint}`}
        to={href('complaint')}
        data-testid="complaint-new"
      >
        {t('complaints.new')}
      </Link>
      <QueryState query={list}>
        {({ tabs }) => {
          const current = active ?? String(tabs[0]?.status ?? '');
          const tab = tabs.find((x) => String(x.status) === current);
          return (
            <Tabs
              items={tabs.map((x) => ({ key: String(x.status), title: x.title }))}
              active={current}
              onChange={setActive}
              className={styles.tabs}
            >
              {!tab || tab.list.length === 0 ? (
                <p className={styles.empty}>{t('complaints.emptyTab')}</p>
              ) : (
                <ul className={styles.rows} data-testid={`complaint-tab-${tab.status}`}>
                  {tab.list.map((row) => {
                    const time = humanDate(row.time, true);
                    return (
                      <li key={row.id}>
                        <Link
                          className={styles.row}
                          to={href('complaintDetails', { problemId: row.id })}
                          data-testid="complaint-row"
                        >
                          <span className={styles.rowHead}>
                            <span className={styles.rowType}>{row.type}</span>
                            <time className={styles.meta} dateTime={row.time}>
                              {time}
                            </time>
                          </span>
                          <span className={styles.rowContent}>{row.content}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Tabs>
          );
        }}
      </QueryState>
    </PageLayout>
  );
}
