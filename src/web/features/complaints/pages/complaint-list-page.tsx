import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { href } from '../../../../shared/pages';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { useProblemList } from '../api/get-problem-list';
import styles from '../components/complaints.module.css';
import { useBackOrClose } from '../components/use-back';

/** spec 000 §2 complaint list: the server's tabs; rows with time, type and content open the details. */
export function ComplaintListPage() {
  const list = useProblemList();
  const back = useBackOrClose();
  const [active, setActive] = useState<string>();
  return (
    <PageLayout title={t('page.complaintList')} onBack={back}>
      <QueryState query={list}>
        {({ tabs }) => (
          <Tabs activeKey={active ?? String(tabs[0]?.status ?? '')} onChange={setActive} className={styles.tabs}>
            {tabs.map((tab) => (
              <Tabs.Tab key={String(tab.status)} title={tab.title}>
                {tab.list.length === 0 ? (
                  <p className={styles.empty}>{t('complaints.emptyTab')}</p>
                ) : (
                  <ul className={styles.rows} data-testid={`complaint-tab-${tab.status}`}>
                    {tab.list.map((row) => {
                      const time = formatDate(row.time, true);
                      return (
                        <li key={row.id}>
                          <Link
                            className={styles.row}
                            to={href('complaintDetails', { problemId: row.id })}
                            aria-label={t('complaints.rowLabel', { type: row.type, time, content: row.content })}
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
              </Tabs.Tab>
            ))}
          </Tabs>
        )}
      </QueryState>
    </PageLayout>
  );
}
