import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { Code } from '../../../../shared/codes';
import { CAPTCHA_LENGTH, PHONE_LENGTH, SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '../../../../shared/constants';
import { useCaptcha } from '../../../lib/captcha/use-captcha';
import { digitsOnly, normalizePhone, phoneInputFormat } from '../../../lib/format';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { t } from '../../../lib/i18n';
import { markWebSignedIn } from '../../../lib/session';
import { showInfo, showToast } from '../../../lib/toast';
import { Button } from '../../../lib/ui/button';
import { PageLayout } from '../../../lib/ui/page-layout';
import { useLogin } from '../api/login';
import { useSendLoginCode } from '../api/send-login-code';
import { safeRedirect } from '../redirect';
import styles from './login-page.module.css';

const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/** Digits only, at most 11; a pasted +63 / 63 number becomes 09…. */
function phoneDigitsFrom(raw: string): string {
  return normalizePhone(raw) ?? digitsOnly(raw).slice(0, PHONE_LENGTH);
}

const captchaFrom = (raw: string) =>
  raw
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, CAPTCHA_LENGTH)
    .toUpperCase();

/** The server says when a resend is allowed; without a usable value, the spec's 60 s. */
function resendSeconds(data: { resendAfterSeconds: number } | null): number {
  const seconds = data?.resendAfterSeconds;
  return seconds !== undefined && seconds > 0 ? seconds : SMS_RESEND_SECONDS;
}

/** architecture.md: Sessions: web login with phone and SMS code, for use outside the native app. */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [phoneDigits, setPhoneDigits] = useState('');
  const [code, setCode] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  // The form arrives prerendered: keep what was typed before the page came alive.
  useEffect(() => {
    const typedPhone = phoneInput.current?.value ?? '';
    const typedCode = codeInput.current?.value ?? '';
    if (typedPhone) setPhoneDigits(phoneDigitsFrom(typedPhone));
    if (typedCode) setCode(digitsOnly(typedCode).slice(0, SMS_CODE_LENGTH));
  }, []);
  const countdown = useCountdown();
  const sendCode = useSendLoginCode();
  // After a phone's first code of the day the server asks for the picture captcha (42800).
  const captcha = useCaptcha({ loadOnMount: false });
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [capcode, setCapcode] = useState('');
  const newCaptcha = () => {
    setCapcode('');
    void captcha.load();
  };
  const signIn = useLogin();

  const onGetCode = async () => {
    if (countdown.running) {
      showToast(t('auth.codeTwice'));
      return;
    }
    if (sendCode.isPending) return;
    const phone = normalizePhone(phoneDigits);
    if (!phone) {
      showToast(t('auth.phoneInvalid'));
      return;
    }
    if (captchaAsked && (!captcha.sid || capcode.length !== CAPTCHA_LENGTH)) {
      showToast(t('auth.captchaInvalid'));
      return;
    }
    const result = await sendCode.mutateAsync(
      captchaAsked && captcha.sid ? { phone, sid: captcha.sid, capcode } : { phone },
    );
    if (!result.success) {
      if (Number(result.code) === Code.CAPTCHA_REQUIRED) {
        setCaptchaAsked(true);
        newCaptcha();
      }
      return;
    }
    // The captcha sent its one code: the next resend needs a new one.
    if (captchaAsked) newCaptcha();
    countdown.start(resendSeconds(result.data));
    showInfo(t('auth.codeSent'));
    codeInput.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const phone = normalizePhone(phoneDigits);
    if (!phone) {
      showToast(t('auth.phoneInvalid'));
      return;
    }
    if (!CODE_PATTERN.test(code)) {
      showToast(t('auth.codeInvalid'));
      return;
    }
    const result = await signIn.mutateAsync({ phone, smsCode: code });
    if (!result.success || !result.data) return;
    // The server set the session's HttpOnly cookie: every tab of this browser is now signed in.
    markWebSignedIn(result.data.userId);
    void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  return (
    <PageLayout title={t('page.login')}>
      <p className={styles.intro}>{t('auth.intro')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label className={styles.label} htmlFor="login-phone">
          {t('auth.phoneLabel')}
        </label>
        <input
          id="login-phone"
          ref={phoneInput}
          data-testid="login-phone"
          className={styles.input}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('auth.phonePlaceholder')}
          value={phoneInputFormat(phoneDigits)}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setPhoneDigits(phoneDigitsFrom(event.target.value))}
        />

        {captchaAsked ? (
          <>
            <label className={styles.label} htmlFor="login-captcha">
              {t('auth.captchaLabel')}
            </label>
            <div className={styles.codeRow}>
              <input
                id="login-captcha"
                data-testid="login-captcha"
                className={styles.input}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={CAPTCHA_LENGTH}
                placeholder={t('auth.captchaPlaceholder')}
                value={capcode}
                onChange={(event: ChangeEvent<HTMLInputElement>) => setCapcode(captchaFrom(event.target.value))}
              />
              <button
                type="button"
                className={styles.captcha}
                data-testid="login-captcha-image"
                aria-label={t('auth.captchaImage')}
                onClick={newCaptcha}
              >
                {captcha.src && !captcha.failed ? (
                  <img
                    key={captcha.src}
                    src={captcha.src}
                    width={120}
                    height={44}
                    alt=""
                    onError={captcha.onImageError}
                  />
                ) : (
                  <span>{t('auth.captchaMissing')}</span>
                )}
              </button>
            </div>
          </>
        ) : null}

        <label className={styles.label} htmlFor="login-code">
          {t('auth.codeLabel')}
        </label>
        <div className={styles.codeRow}>
          <input
            ref={codeInput}
            id="login-code"
            data-testid="login-code"
            className={styles.input}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            placeholder={t('auth.codePlaceholder')}
            value={code}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              setCode(digitsOnly(event.target.value).slice(0, SMS_CODE_LENGTH))
            }
          />
          <Button
            type="button"
            data-testid="login-send-code"
            className={styles.sendCode}
            fill="outline"
            loading={sendCode.isPending}
            onClick={() => void onGetCode()}
          >
            {countdown.running ? t('auth.resendIn', { seconds: countdown.secondsLeft }) : t('auth.getCode')}
          </Button>
        </div>

        <Button
          type="submit"
          data-testid="login-submit"
          className={styles.submit}
          block
          size="large"
          loading={signIn.isPending}
        >
          {t('auth.signIn')}
        </Button>
      </form>
    </PageLayout>
  );
}
