import { Link, useSearchParams } from '../../../lib/router';
import { href } from '../../../../shared/pages';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../../shared/format/money';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { useAmountExplained } from '../api/get-amount-explained';
import styles from '../components/amount-explained.module.css';
import { AmountLine } from '../components/amount-line';
import { blocksOf, LateDays } from '../components/late-days';

/**
 * "Why this amount" (ours, beside spec 001 §3's order details): each centavo the borrower owes
 * today on one order, line by line, with the rule behind it and any ceiling that lowered it. The
 * figures are the server's, from the loan engine; the total is the order page's amount due.
 */
export function AmountExplainedPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || 0;
  const why = useAmountExplained(orderId);
  return (
    <PageLayout title={t('page.amountExplained')}>
      <QueryState query={why}>
        {(d) => (
          <>
            <p className={styles.intro}>
              {t('why.intro', { orderNo: d.orderNo, date: d.asOf })}{' '}
              {d.regime ? t('why.regime', { source: d.regime.source }) : t('why.lenderLimits')}
            </p>
            <section className={styles.card}>
              <ul className={styles.lines} data-testid="why-lines">
                {blocksOf(d.lines).map((block, index) =>
                  block.kind === 'late' ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; the server's order never changes within a reply
                    <LateDays key={index} days={block.days} />
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <AmountLine key={index} line={block.line} />
                  ),
                )}
              </ul>
              <div className={styles.total}>
                <span>{t('why.total')}</span>
                <span data-testid="why-total" data-amount={d.total}>
                  {formatMoney(d.total)}
                </span>
              </div>
              {d.tomorrow.total > d.total ? (
                <p className={styles.rule} data-testid="why-tomorrow" data-amount={d.tomorrow.total}>
                  {t('why.tomorrow', {
                    date: formatDate(d.tomorrow.date),
                    amount: formatMoney(d.tomorrow.total),
                    more: formatMoney(d.tomorrow.total - d.total),
                  })}
                </p>
              ) : (
                <p className={styles.rule} data-testid="why-tomorrow" data-amount={d.tomorrow.total}>
                  {t('why.tomorrowSame', { date: formatDate(d.tomorrow.date), amount: formatMoney(d.tomorrow.total) })}
                </p>
              )}
            </section>
            {d.total > 0 ? (
              <Link
                className={styles.pay}
                to={href('repay', { orderId: d.orderId, productId: d.productId })}
                data-testid="why-pay"
              >
                {t('why.pay', { amount: formatMoney(d.total) })}
              </Link>
            ) : null}
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
