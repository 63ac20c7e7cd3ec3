import { formatMoney } from '../../../../shared/format/money';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { readRepaymentInfo } from '../api/repayment-info-store';
import { copyText } from '../components/copy-text';
import { CashierCode } from './cashier-code';
import styles from '../components/repayment.module.css';

/**
 * spec 001 §2.7: the saved repayment info: provider logo, the contract number to give the cashier
 * (click to copy, with its barcode), total, grouped notices.
 */
export function RepaymentCode2Page() {
  const info = readRepaymentInfo();
  return (
    <PageLayout title={t('page.repaymentOfCode2')}>
      {!info ? (
        <p className={styles.card} role="alert">
          {t('repay.noInfo')}
        </p>
      ) : (
        <>
          <section className={`${styles.card} ${styles.center}`}>
            <img src={info.defDetail.logo} alt={info.productName} width={56} height={56} />
            <CashierCode code={info.defDetail.payCode}>
              <button
                type="button"
                className={styles.copy}
                onClick={() => void copyText(info.defDetail.payCode)}
                data-testid="contract-number"
              >
                <span className={styles.code}>{info.defDetail.payCode}</span>
              </button>
              <p className={styles.label}>{t('repay.contractNumber')}</p>
            </CashierCode>
            <p className={styles.label}>{info.delayAmount !== undefined ? t('repay.delayTotal') : t('repay.total')}</p>
            <p className={styles.amount} data-testid="code2-amount">
              {formatMoney(info.delayAmount ?? info.repayAmount)}
            </p>
          </section>
          {info.defDetail.payNotice.map((group) => (
            <section key={group.title} className={`${styles.card} ${styles.notice}`}>
              <h2 className={styles.sheetTitle}>{group.title}</h2>
              {group.list.map((entry) => (
                <div key={entry.name}>
                  <h3>{entry.name}</h3>
                  <ol>
                    {entry.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                </div>
              ))}
            </section>
          ))}
        </>
      )}
    </PageLayout>
  );
}
