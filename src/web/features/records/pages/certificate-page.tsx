import { useSearchParams } from '../../../lib/router';
import { formatMoney } from '../../../../shared/format/money';
import { humanDate } from '../../../lib/human-date';
import { formatLongDate } from '../../../lib/format-long-date';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { QueryState } from '../../../lib/ui/query-state';
import { usePaymentCertificate } from '../api/records';
import { idParam, LenderHead, Lines, PrintButton, useBackOrClose } from '../components/records-parts';
import styles from '../components/records.module.css';

/**
 * The certificate of full payment of a settled loan, printable. Before the loan is settled the
 * server refuses it and the page shows its reason.
 */
export function CertificatePage() {
  const [params] = useSearchParams();
  const certificate = usePaymentCertificate(idParam(params.get('orderId')));
  const back = useBackOrClose();
  return (
    <PageLayout title={t('page.paymentCertificate')} onBack={back}>
      <QueryState query={certificate}>
        {(c) => (
          <>
            <article className={styles.doc} data-testid="certificate">
              <LenderHead lender={c.lender} />
              <h2 className={styles.docTitle}>{t('records.certificateTitle')}</h2>
              <p className={`${styles.small} ${styles.centered}`}>
                {t('records.certificateNo', { no: c.certificateNo })}
              </p>
              <p className={styles.statement} data-testid="certificate-statement">
                {t('records.certifies', {
                  lender: c.lender.name,
                  name: c.borrowerName,
                  orderNo: c.orderNo,
                  amount: formatMoney(c.amount),
                  date: formatLongDate(c.settledOn),
                })}
              </p>
              <Lines
                lines={[
                  { label: t('records.borrower'), value: c.borrowerName, testId: 'certificate-borrower' },
                  { label: t('records.contractNo'), value: c.orderNo, testId: 'certificate-contract' },
                  { label: t('records.amountBorrowed'), value: formatMoney(c.amount), testId: 'certificate-amount' },
                  { label: t('records.totalPaid'), value: formatMoney(c.totalPaid), testId: 'certificate-total-paid' },
                  { label: t('records.settledOn'), value: humanDate(c.settledOn), testId: 'certificate-settled-on' },
                  c.credit !== 0 && { label: t('records.credit'), value: formatMoney(c.credit) },
                  { label: t('records.issuedOn'), value: humanDate(c.issuedOn) },
                ]}
              />
            </article>
            <PrintButton />
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
