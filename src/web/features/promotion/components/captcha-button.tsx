import { t } from '../../../lib/i18n';
import type { Captcha } from '../../../lib/captcha/use-captcha';
import styles from './promotion.module.css';

/** The picture captcha; tapping it asks for a new one (spec 001 §5: only once a phone is entered). */
export function CaptchaButton({ captcha, onRefresh }: { captcha: Captcha; onRefresh: () => void }) {
  return (
    <button
      type="button"
      className={styles.captcha}
      data-testid="promotion-captcha-image"
      aria-label={t('promotion.captchaImage')}
      onClick={onRefresh}
    >
      {captcha.src && !captcha.failed ? (
        <img key={captcha.src} src={captcha.src} width={120} height={44} alt="" onError={captcha.onImageError} />
      ) : (
        <span className={styles.captchaMissing}>{t('promotion.captchaMissing')}</span>
      )}
    </button>
  );
}
