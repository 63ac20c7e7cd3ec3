import { useNavigate } from '../../../lib/router';
import { formatMoney } from '../../../../shared/format/money';
import { href } from '../../../../shared/pages';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { saveRepaymentInfo } from '../api/repayment-info-store';
import { useDelayDetail } from '../api/repayment-queries';
import { copyText } from '../components/copy-text';
import { PayBox } from '../components/pay-box';
import { PaymentMethodSheet } from '../components/payment-sheet';
import { RenewalTerms } from '../components/renewal-terms';
import styles from '../components/repayment.module.css';
import { useOrderQuery } from './use-order-query';

/** spec 001 §2.9 delay (rollover) repayment page. */
export function RepayDelayPage() {
  const { orderId, productId } = useOrderQuery();
  const detail = useDelayDetail(orderId, productId);
  const navigate = useNavigate();
  return (
    <PageLayout title={t('page.repayDelay')}>
      <QueryState query={detail}>
        {(info) => (
          <>
            <section className={styles.summary} data-testid="delay-summary">
              <div className={styles.product}>
                <img src={info.productLogo} alt="" width={28} height={28} />
                <span>{info.productName}</span>
              </div>
              <p className={styles.label}>{info.delayInfo.title}</p>
              <p className={styles.amount} data-testid="delay-amount">
                {formatMoney(info.delayInfo.delayAmount)}
              </p>
              <p className={styles.date} data-testid="delay-next-date">
                {t('repay.nextPaymentDate', { date: humanDate(info.nextPaymentDate) })}
              </p>
            </section>
            <section className={styles.card}>
              <h2 className={styles.sheetTitle}>{t('repay.plan')}</h2>
              <ul className={styles.plan}>
                {info.repayPlan.map((row) => (
                  <li key={row.title} className={styles.planRow} data-testid="plan-row">
                    <span className={styles.planRemark}>{row.remark}</span>
                    <span className={styles.planTitle}>{row.title}</span>
                    <span className={styles.planAmount}>{formatMoney(row.amount)}</span>
                    <span className={styles.planTime}>{humanDate(row.time)}</span>
                  </li>
                ))}
              </ul>
            </section>
            {info.renewal ? <RenewalTerms renewal={info.renewal} /> : null}
            <PayBox
              logo={info.defDetail.logo}
              title={info.defDetail.title}
              payCode={info.defDetail.payCode}
              onCopy={() => void copyText(info.defDetail.payCode)}
              onOpen={() => {
                saveRepaymentInfo({
                  repayAmount: info.delayInfo.delayAmount,
                  delayAmount: info.delayInfo.delayAmount,
                  productLogo: info.productLogo,
                  productName: info.productName,
                  defDetail: info.defDetail,
                });
                void navigate(href('repaymentOfCode2'));
              }}
            />
            <PaymentMethodSheet
              channels={info.repayList}
              orderId={info.orderId}
              productId={info.productId}
              amount={info.delayInfo.delayAmount}
              isDelay={1}
            />
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
