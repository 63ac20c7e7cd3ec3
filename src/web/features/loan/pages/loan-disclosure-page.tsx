import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../../../lib/router';
import { Code } from '../../../../shared/codes';
import { acceptTerms, declineTerms, orderDisclosures } from '../../../../shared/contracts/loan-disclosure';
import { formatMoney } from '../../../../shared/format/money';
import { isAllowedRedirect } from '../../../../shared/redirect-allowlist';
import { callKey, callQueryOptions, useCallMutation } from '../../../lib/api';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { Button } from '../../../lib/ui/button';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { LabelledRows } from '../components/labelled-rows';
import styles from '../components/order.module.css';

type Disclosures = NonNullable<ReturnType<typeof useDisclosures>['data']>;
type View = Disclosures['accepted'][number] | NonNullable<Disclosures['review']>;

function useDisclosures(orderId: number) {
  return useQuery(callQueryOptions(orderDisclosures, { orderId }, { loading: t('common.loading') }));
}

/** One disclosure: the summary, the Truth in Lending statement and the repayment plan. */
function DisclosureCard({ view, heading, testId }: { view: View; heading: string; testId: string }) {
  return (
    <section className={styles.card} data-testid={testId}>
      <h2 className={styles.sheetTitle}>{heading}</h2>
      <LabelledRows rows={view.details} />
      <h3 className={styles.subTitle}>{t('confirm.disclosure')}</h3>
      <LabelledRows rows={view.disclosure} />
      <h3 className={styles.subTitle}>{t('confirm.plan')}</h3>
      <LabelledRows
        rows={view.repay_plans.map((p, index) => ({
          // The page's own words and a human date, in the reader's language.
          text: t('records.installment', {
            period: index + 1,
            count: view.repay_plans.length,
            date: humanDate(p.pay_time),
          }),
          value: formatMoney(p.amount),
        }))}
      />
    </section>
  );
}

/**
 * The disclosures of one order: new terms to accept or decline when the product changed before
 * disbursal, then every disclosure the borrower accepted, newest first, exactly as accepted.
 */
export function LoanDisclosurePage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || 0;
  const disclosures = useDisclosures(orderId);
  const queryClient = useQueryClient();
  const accept = useCallMutation(acceptTerms, { loading: t('common.loading') });
  const decline = useCallMutation(declineTerms, { loading: t('common.loading') });

  async function answer(reply: { success: boolean; code: number | string; data: { lendDetailsUrl: string } | null }) {
    // Terms that changed again while being read: show the newest ones.
    if (Number(reply.code) === Code.TERMS_CHANGED)
      await queryClient.invalidateQueries({ queryKey: callKey(orderDisclosures, { orderId }) });
    if (reply.success && reply.data && isAllowedRedirect(reply.data.lendDetailsUrl))
      window.location.replace(reply.data.lendDetailsUrl);
  }

  return (
    <PageLayout title={t('page.loanDisclosure')}>
      <QueryState query={disclosures}>
        {(d) => (
          <>
            {d.review ? (
              <>
                <p className={styles.notice} role="status" data-testid="terms-changed">
                  {t('disclosure.changed', { orderNo: d.orderNo })}
                </p>
                <DisclosureCard view={d.review} heading={t('disclosure.newTerms')} testId="disclosure-review" />
                <div className={styles.buttons}>
                  <Button
                    block
                    size="large"
                    loading={accept.isPending}
                    onClick={async () =>
                      d.review && answer(await accept.mutateAsync({ orderId, quoteId: d.review.quoteId }))
                    }
                    data-testid="accept-terms"
                  >
                    {t('disclosure.accept')}
                  </Button>
                  <Button
                    block
                    size="large"
                    fill="outline"
                    loading={decline.isPending}
                    onClick={async () => answer(await decline.mutateAsync({ orderId }))}
                    data-testid="decline-terms"
                  >
                    {t('disclosure.decline')}
                  </Button>
                </div>
              </>
            ) : null}
            {[...d.accepted].reverse().map((view, index) => (
              <DisclosureCard
                key={view.id}
                view={view}
                testId="disclosure-accepted"
                heading={t(view.kind === 'renewal' ? 'disclosure.acceptedRenewal' : 'disclosure.accepted', {
                  date: humanDate(view.acceptedAt.slice(0, 10)),
                  current: index === 0 && !d.review ? t('disclosure.current') : '',
                })}
              />
            ))}
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
