import { useSearchParams } from '../../../lib/router';
import { formatMoney } from '../../../../shared/format/money';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { useAmountExplained } from '../api/get-amount-explained';
import styles from '../components/amount-explained.module.css';
import { AmountLine } from '../components/amount-line';

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
                {d.lines.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; the server's order never changes within a reply
                  <AmountLine key={index} line={line} />
                ))}
              </ul>
              <div className={styles.total}>
                <span>{t('why.total')}</span>
                <span data-testid="why-total" data-amount={d.total}>
                  {formatMoney(d.total)}
                </span>
              </div>
            </section>
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
