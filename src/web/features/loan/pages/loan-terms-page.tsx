import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../../lib/router';
import { loanTerms } from '../../../../shared/contracts/loan-terms';
import { formatMoney } from '../../../../shared/format/money';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { termsText } from '../terms-text';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import styles from '../components/order.module.css';

const pct = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * spec 001 §2.4, §9 Loan terms and conditions. The figures come from the product configuration
 * the loan engine charges by (GET /v3/public/loan-terms); the clauses are the spec's list.
 */
/** The agreement's other sections, each stated (representations to governing law). */
const OTHER_TERMS = ['representations', 'default', 'indemnity', 'data', 'setOff', 'review', 'notices', 'law'] as const;

export function LoanTermsPage() {
  const [params] = useSearchParams();
  const productId = Number(params.get('productId')) || undefined;
  const terms = useQuery(callQueryOptions(loanTerms, { productId }));
  return (
    <PageLayout title={t('page.loanTerms')}>
      <QueryState query={terms}>
        {(x) => (
          <article className={styles.card} data-testid="loan-terms">
            <p>{termsText('intro', { lender: x.lender, product: x.productName })}</p>
            <h2 className={styles.sheetTitle}>{termsText('loanHeading')}</h2>
            <ul>
              <li>
                {x.periods > 1
                  ? termsText('amountInstallments', {
                      min: formatMoney(x.minAmount),
                      max: formatMoney(x.maxAmount),
                      days: x.termDays,
                      periods: x.periods,
                    })
                  : termsText('amountOnce', {
                      min: formatMoney(x.minAmount),
                      max: formatMoney(x.maxAmount),
                      days: x.termDays,
                    })}
              </li>
              <li>{termsText('interest', { daily: pct(x.dailyInterestBps), fee: pct(x.serviceFeeBps) })}</li>
              <li>{termsText('decision')}</li>
              <li>{termsText('purpose')}</li>
            </ul>
            <h2 className={styles.sheetTitle}>{termsText('lateHeading')}</h2>
            <ul data-testid="loan-terms-penalties">
              <li>
                {termsText('defaultCharge', {
                  new: formatMoney(x.defaultChargeNew),
                  repeat: formatMoney(x.defaultChargeRepeat),
                })}
              </li>
              {x.penaltyTiers.map((tier) => (
                <li key={tier.fromDay}>
                  {tier.toDay
                    ? termsText('tierRange', { from: tier.fromDay, to: tier.toDay, rate: pct(tier.monthlyBps) })
                    : termsText('tierOnward', { from: tier.fromDay, rate: pct(tier.monthlyBps) })}
                </li>
              ))}
              <li>{termsText('allocation')}</li>
            </ul>
            <h2 className={styles.sheetTitle}>{termsText('earlyHeading')}</h2>
            <ul>
              <li>
                {termsText('prepayment', {
                  share: x.prepayment.minTermSharePercent,
                  days: x.prepayment.minDaysAfterDisbursal,
                })}
              </li>
              <li>
                {x.extensionAllowed
                  ? termsText('extension', { fee: pct(x.extensionFeeBps) })
                  : termsText('noExtension')}
              </li>
            </ul>
            {x.bsp1133.applies ? (
              <>
                <h2 className={styles.sheetTitle}>{termsText('bspHeading', { source: x.bsp1133.source })}</h2>
                <ul data-testid="loan-terms-bsp">
                  <li>
                    {termsText('bspInterest', {
                      nominal: x.bsp1133.nominalMonthlyPercent,
                      effective: x.bsp1133.effectiveMonthlyPercent,
                    })}
                  </li>
                  <li>{termsText('bspLate', { late: x.bsp1133.lateMonthlyPercent })}</li>
                  <li>{termsText('bspTotal', { total: x.bsp1133.totalCostPercent })}</li>
                </ul>
              </>
            ) : null}
            <h2 className={styles.sheetTitle}>
              {termsText('obligationsHeading', { number: x.bsp1133.applies ? 5 : 4 })}
            </h2>
            <ul>
              <li>{termsText('changes')}</li>
              <li>{termsText('court')}</li>
            </ul>
            <h2 className={styles.sheetTitle}>{termsText('otherHeading', { number: x.bsp1133.applies ? 6 : 5 })}</h2>
            <ul data-testid="loan-terms-other">
              {OTHER_TERMS.map((key) => (
                <li key={key}>{termsText(key)}</li>
              ))}
            </ul>
          </article>
        )}
      </QueryState>
    </PageLayout>
  );
}
