import { useState } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { href } from '../../../../shared/pages';
import { humanDate } from '../../../lib/human-date';
import { formatMoney } from '../../../../shared/format/money';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { saveRepaymentInfo } from '../api/repayment-info-store';
import { useInstallmentDetail } from '../api/repayment-queries';
import { copyText } from '../components/copy-text';
import { DetailRows } from '../components/detail-rows';
import { PayBox } from '../components/pay-box';
import { LockInNotice } from '../components/lock-in-notice';
import { PayoffCard } from '../components/payoff-card';
import { PaymentMethodSheet } from '../components/payment-sheet';
import styles from '../components/repayment.module.css';
import { useOrderQuery } from './use-order-query';

/** spec 001 §2.8 period repayment page. */
export function RepayPage() {
  const { orderId, productId } = useOrderQuery();
  const detail = useInstallmentDetail(orderId, productId);
  const navigate = useNavigate();
  const [payOff, setPayOff] = useState(false);
  return (
    <PageLayout title={t('page.repay')}>
      <QueryState query={detail}>
        {(info) => {
          // The payoff is chosen only while the server still offers it (prepayment open, before maturity).
          const amount = payOff && info.payoff ? info.payoff.amount : info.repayAmount;
          return (
            <>
              <section className={styles.summary} data-testid="repay-summary">
                <div className={styles.product}>
                  <img src={info.productLogo} alt="" width={28} height={28} />
                  <span>{info.productName}</span>
                </div>
                <p className={styles.label}>
                  {info.amountOnDueDate === undefined ? t('repay.amountDue') : t('repay.toSettleToday')}
                </p>
                <p className={styles.amount} data-testid="repay-amount">
                  {formatMoney(info.repayAmount)}
                </p>
                <p className={styles.date} data-testid="repay-date">
                  {info.amountOnDueDate === undefined
                    ? t('repay.dueOn', { date: humanDate(info.repayDate) })
                    : t('repay.dueOnAmount', {
                        amount: formatMoney(info.amountOnDueDate),
                        date: humanDate(info.repayDate),
                      })}
                </p>
              </section>
              <p className={styles.hint}>{info.noticeMsg}</p>
              {info.isShowReyTop === 1 ? (
                <Link className={styles.banner} to={href('paymentInstructions')} data-testid="repay-instructions">
                  <span>{t('repay.howToPay')}</span>
                  <span aria-hidden="true">›</span>
                </Link>
              ) : null}
              <DetailRows rows={info.detail} />
              {info.payoff ? (
                <PayoffCard
                  payoff={info.payoff}
                  // Nothing to choose when the amount due already is the payoff.
                  choice={info.payoff.amount !== info.repayAmount}
                  chosen={payOff}
                  onChoose={setPayOff}
                />
              ) : null}
              {info.lockIn ? <LockInNotice lockIn={info.lockIn} /> : null}
              <PayBox
                logo={info.defDetail.logo}
                title={info.defDetail.title}
                payCode={info.defDetail.payCode}
                onCopy={() => void copyText(info.defDetail.payCode)}
                onOpen={() => {
                  saveRepaymentInfo({
                    repayAmount: amount,
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
                amount={amount}
                isDelay={0}
              />
            </>
          );
        }}
      </QueryState>
    </PageLayout>
  );
}
