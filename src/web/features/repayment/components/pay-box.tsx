import { t } from '../../../lib/i18n';
import styles from './repayment.module.css';

/** spec 001 §2.8: the default pay box (logo, title, pay code, copy); tapping it opens the code page. */
export function PayBox({
  logo,
  title,
  payCode,
  onOpen,
  onCopy,
}: {
  logo: string;
  title: string;
  payCode: string;
  onOpen: () => void;
  onCopy: () => void;
}) {
  return (
    <section className={styles.payBox}>
      <button type="button" className={styles.payBoxMain} onClick={onOpen} data-testid="pay-box">
        <img src={logo} alt="" width={40} height={40} />
        <span className={styles.payBoxText}>
          <span className={styles.payBoxTitle}>{title}</span>
          <span className={styles.code}>{payCode}</span>
        </span>
      </button>
      <button
        type="button"
        className={styles.copy}
        onClick={onCopy}
        aria-label={t('repay.copyCode', { code: payCode })}
      >
        {t('repay.copy')}
      </button>
    </section>
  );
}
