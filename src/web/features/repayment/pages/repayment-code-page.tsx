import { Button } from '../../../lib/ui/button';
import { Link, useSearchParams } from '../../../lib/router';
import { href } from '../../../../shared/pages';
import { API_BASE } from '../../../../shared/constants';
import { PAY_QR_PATH } from '../../../../shared/contracts/pay-qr';
import { formatMoney } from '../../../../shared/format/money';
import { t } from '../../../lib/i18n';
import { PageLayout } from '../../../lib/ui/page-layout';
import { copyText } from '../components/copy-text';
import { SaveQr } from '../components/save-qr';
import { CashierCode } from './cashier-code';
import styles from '../components/repayment.module.css';

/** A same-site image path only: the query must not point the page at another site's picture. */
const safeImage = (path: string | null) => (path && /^\/img\/[\w/.-]+$/.test(path) ? path : null);

/**
 * spec 001 §2.6: showType 1 → the code for the cashier (with its barcode and, when the provider
 * gave one, its expiry), Copy and the channel image; otherwise a QR code with five tips.
 */
export function RepaymentCodePage() {
  const [params] = useSearchParams();
  const showType = params.get('showType');
  const payCode = params.get('payCode') ?? '';
  const image = safeImage(params.get('payCodeImg'));
  const amount = Number(params.get('repayAmount'));
  const orderId = Number(params.get('orderId'));
  const productId = Number(params.get('productId')) || 1;
  // The server draws the QR (an SVG image), so the page carries no QR library.
  const qr = payCode ? `${API_BASE}${PAY_QR_PATH}?${new URLSearchParams({ text: payCode })}` : null;

  return (
    <PageLayout title={t('page.repaymentOfCode')}>
      <section className={`${styles.card} ${styles.center}`}>
        {Number.isSafeInteger(amount) && amount > 0 ? (
          <p className={styles.amount} data-testid="code-amount">
            {formatMoney(amount)}
          </p>
        ) : null}
        {showType === '1' ? (
          <>
            <CashierCode code={payCode} expiresAt={params.get('expiresAt')} />
            <Button onClick={() => void copyText(payCode)} data-testid="copy-code">
              {t('repay.copy')}
            </Button>
            {image ? <img className={styles.channelImage} src={image} alt="" width={96} height={96} /> : null}
            {Number.isSafeInteger(orderId) && orderId > 0 ? (
              <>
                <p className={styles.label}>{t('counter.statusHint')}</p>
                <Link
                  className={styles.banner}
                  to={href('loanDetail', { productId, orderId })}
                  data-testid="code-check-status"
                >
                  <span>{t('counter.checkStatus')}</span>
                  <span aria-hidden="true">›</span>
                </Link>
              </>
            ) : null}
          </>
        ) : (
          <>
            {qr ? (
              <img
                className={styles.qr}
                src={qr}
                alt={t('repay.qrAlt')}
                width={220}
                height={220}
                data-testid="pay-qr"
              />
            ) : null}
            {qr ? <SaveQr src={qr} name={`hiram-qr-${payCode.replace(/[^A-Za-z0-9]/g, '').slice(-8)}`} /> : null}
            <ol className={styles.tips} style={{ textAlign: 'left' }}>
              <li>{t('repay.qrTip1')}</li>
              <li>{t('repay.qrTip2')}</li>
              <li>{t('repay.qrTip3')}</li>
              <li>{t('repay.qrTip4')}</li>
              <li>{t('repay.qrTip5')}</li>
            </ol>
          </>
        )}
      </section>
    </PageLayout>
  );
}
