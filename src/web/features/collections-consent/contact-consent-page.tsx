import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConsentNow,
  contactConsentStatus,
  giveContactConsent,
  revokeContactConsent,
} from '../../../shared/contracts/contact-consent';
import { callKey, callQueryOptions, useCallMutation } from '../../lib/api';
import { getLocale, t } from '../../lib/i18n';
import { Button } from '../../lib/ui/button';
import { PageLayout } from '../../lib/ui/page-layout';
import { QueryState } from '../../lib/ui/query-state';
import styles from './contact-consent.module.css';

/** A date and time in Manila, in the page's language. */
function manilaDateTime(iso: string): string {
  return new Intl.DateTimeFormat(getLocale() === 'fil' ? 'fil-PH' : 'en-PH', {
    timeZone: 'Asia/Manila',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * The borrower's own choice (SEC MC 18 s.2019): whether collections may call or text them
 * between 10 PM and 6 AM, for 7 or 30 days, withdrawn at any time. Nobody else can give it.
 */
export function ContactConsentPage() {
  const status = useQuery(callQueryOptions(contactConsentStatus, {}, { loading: t('common.loading') }));
  const queryClient = useQueryClient();
  const give = useCallMutation(giveContactConsent, { loading: t('common.loading') });
  const revoke = useCallMutation(revokeContactConsent, { loading: t('common.loading') });
  const show = (reply: { success: boolean; data: ConsentNow | null }) => {
    if (reply.success && reply.data) queryClient.setQueryData(callKey(contactConsentStatus, {}), reply.data);
  };
  const busy = give.isPending || revoke.isPending;
  return (
    <PageLayout title={t('page.contactConsent')}>
      <QueryState query={status}>
        {(now) => (
          <>
            <section className={styles.card}>
              <p className={styles.text}>{t('contactConsent.hours')}</p>
              <p className={styles.text}>{t('contactConsent.yourChoice')}</p>
            </section>
            <section className={styles.card} aria-live="polite">
              {now.active ? (
                <>
                  <p className={styles.state} data-testid="consent-active">
                    {t('contactConsent.active', { until: manilaDateTime(now.active.expiresAt) })}
                  </p>
                  <Button
                    block
                    fill="outline"
                    loading={busy}
                    data-testid="consent-revoke"
                    onClick={async () => show(await revoke.mutateAsync({}))}
                  >
                    {t('contactConsent.revoke')}
                  </Button>
                </>
              ) : (
                <>
                  <p className={styles.state} data-testid="consent-none">
                    {t('contactConsent.none')}
                  </p>
                  <div className={styles.choices}>
                    <Button
                      loading={busy}
                      data-testid="consent-give-7"
                      onClick={async () => show(await give.mutateAsync({ days: '7' }))}
                    >
                      {t('contactConsent.give7')}
                    </Button>
                    <Button
                      fill="outline"
                      loading={busy}
                      data-testid="consent-give-30"
                      onClick={async () => show(await give.mutateAsync({ days: '30' }))}
                    >
                      {t('contactConsent.give30')}
                    </Button>
                  </div>
                </>
              )}
              <p className={styles.text}>{t('contactConsent.bySms')}</p>
            </section>
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
