import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { Button } from '../../../lib/ui/button';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { downloadMyData } from '../api/download';
import { useMyData } from '../api/my-data';
import { ConsentsBlock } from '../components/consents-block';
import { AccessAndHolds, HeldData } from '../components/held-data';
import styles from '../components/my-data.module.css';
import { RequestsBlock } from '../components/requests-block';
import { RequestsList } from '../components/requests-list';

/**
 * My data: the borrower's privacy rights as a page (docs/privacy.md). What is held and the
 * download, consents to give or withdraw, the objection to marketing, a correction, erasure or
 * blocking for the privacy desk, the requests with their deadlines and answers, and who of the
 * staff viewed the borrower's details.
 */
export function MyDataPage() {
  const data = useMyData();
  const [busy, setBusy] = useState(false);
  const download = async (format: 'json' | 'html') => {
    setBusy(true);
    const ok = await downloadMyData(format).finally(() => setBusy(false));
    showToast(ok ? t('myData.downloaded') : t('common.loadFailed'));
    void data.refetch();
  };
  return (
    <PageLayout title={t('page.myData')}>
      <p className={styles.intro}>{t('myData.intro')}</p>
      <QueryState query={data}>
        {(mine) => (
          <>
            <section className={styles.block}>
              <h2>{t('myData.download')}</h2>
              <div className={styles.buttons}>
                <Button loading={busy} onClick={() => void download('json')} data-testid="my-data-download-json">
                  {t('myData.downloadJson')}
                </Button>
                <Button
                  fill="outline"
                  loading={busy}
                  onClick={() => void download('html')}
                  data-testid="my-data-download-html"
                >
                  {t('myData.downloadHtml')}
                </Button>
              </div>
            </section>
            <RequestsList requests={mine.requests} />
            <ConsentsBlock consents={mine.consents} optional={mine.optional} />
            <RequestsBlock correctable={mine.correctable} />
            <HeldData held={mine.held} />
            <AccessAndHolds access={mine.access} holds={mine.holds} />
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
