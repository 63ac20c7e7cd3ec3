import { useSearchParams } from '../../../lib/router';
import { formatMoney } from '../../../../shared/format/money';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { usePaymentReceipt } from '../api/records';
import { idParam, LenderHead, Lines, PrintButton, useBackOrClose } from '../components/records-parts';
import styles from '../components/records.module.css';

/**
 * A payment's receipt, printable: the reference, channel and day paid, where the payment went as it
 * was posted, and what the loan still owed after it. A reversed payment says so and shows no
 * allocation: it counts for nothing.
 */
export function ReceiptPage() {
  const [params] = useSearchParams();
  const receipt = usePaymentReceipt(idParam(params.get('orderId')), idParam(params.get('paymentId')));
  const back = useBackOrClose();
  return (
    <PageLayout title={t('page.receipt')} onBack={back}>
      <QueryState query={receipt}>
        {(r) => {
          const { payment, allocation: a } = r;
          return (
            <>
              <article className={styles.doc} data-testid="receipt">
                <LenderHead lender={r.lender} />
                <h2 className={styles.docTitle}>{t('records.receiptTitle')}</h2>
                {payment.status === 'reversed' ? (
                  <p className={styles.warning} data-testid="receipt-reversed">
                    {t('records.reversedNote', { date: payment.reversedAt ? humanDate(payment.reversedAt) : '' })}
                  </p>
                ) : null}
                <p
                  className={`${styles.amount} ${payment.status === 'reversed' ? styles.reversedAmount : ''}`}
                  data-testid="receipt-amount"
                >
                  {formatMoney(payment.amount)}
                </p>
                <Lines
                  lines={[
                    { label: t('records.receivedFrom'), value: r.borrowerName },
                    { label: t('records.contractNo'), value: r.orderNo },
                    { label: t('records.reference'), value: payment.reference, testId: 'receipt-reference' },
                    { label: t('records.channel'), value: payment.channel, testId: 'receipt-channel' },
                    { label: t('records.paidOn'), value: humanDate(payment.paidOn), testId: 'receipt-paid-on' },
                    { label: t('records.recordedAt'), value: humanDate(payment.recordedAt, true) },
                    {
                      label: t('records.kind'),
                      value: t(payment.kind === 'extension' ? 'records.kind.extension' : 'records.kind.repayment'),
                    },
                  ]}
                />
                {a ? (
                  <>
                    <h3 className={styles.subTitle}>{t('records.allocation')}</h3>
                    <Lines
                      testId="receipt-allocation"
                      lines={[
                        { label: t('records.principal'), value: formatMoney(a.principal), testId: 'alloc-principal' },
                        { label: t('records.interest'), value: formatMoney(a.interest), testId: 'alloc-interest' },
                        { label: t('records.fees'), value: formatMoney(a.fees), testId: 'alloc-fees' },
                        { label: t('records.penalties'), value: formatMoney(a.penalties), testId: 'alloc-penalties' },
                        a.otherCharges > 0 && {
                          label: t('records.otherCharges'),
                          value: formatMoney(a.otherCharges),
                          testId: 'alloc-other',
                        },
                        a.credit > 0 && {
                          label: t('records.keptAsCredit'),
                          value: formatMoney(a.credit),
                          testId: 'alloc-credit',
                        },
                      ]}
                    />
                    <h3 className={styles.subTitle}>{t('records.after')}</h3>
                    <Lines
                      lines={[
                        r.remaining !== null && {
                          label: t('records.remaining'),
                          value: formatMoney(r.remaining),
                          testId: 'receipt-remaining',
                        },
                        r.creditLeft !== null &&
                          r.creditLeft !== 0 && {
                            label: t('records.creditLeft'),
                            value: formatMoney(r.creditLeft),
                            testId: 'receipt-credit',
                          },
                      ]}
                    />
                    {r.extended ? <p className={styles.note}>{t('records.extendedNote')}</p> : null}
                  </>
                ) : null}
              </article>
              <PrintButton />
            </>
          );
        }}
      </QueryState>
    </PageLayout>
  );
}
