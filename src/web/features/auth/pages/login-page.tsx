import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { Code } from '../../../../shared/codes';
import { CAPTCHA_LENGTH, SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '../../../../shared/constants';
import { useCaptcha } from '../../../lib/captcha/use-captcha';
import { digitsOnly, normalizePhone } from '../../../lib/format';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { t } from '../../../lib/i18n';
import { markWebSignedIn, rememberBorrower, rememberedPhone } from '../../../lib/session';
import { showInfo, showToast } from '../../../lib/toast';
import { Button } from '../../../lib/ui/button';
import { useHydrated } from '../../../lib/hooks/use-hydrated';
import { CaptchaField, CodeField, PhoneField, phoneDigitsFrom } from '../../../lib/ui/phone-code-fields';
import { PageLayout } from '../../../lib/ui/page-layout';
import { useLogin } from '../api/login';
import { useSendLoginCode } from '../api/send-login-code';
import { safeRedirect } from '../redirect';
import styles from './login-page.module.css';

const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

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
  // Ready means ready: the boxes take typing only once the page runs (ui/phone-code-fields.tsx).
  const hydrated = useHydrated();
  // The form arrives prerendered: keep what was typed before the page came alive; with nothing
  // typed, after a session expired, the phone of the borrower who signed in here before.
  useEffect(() => {
    const typedPhone = phoneInput.current?.value || rememberedPhone();
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
    rememberBorrower(result.data.userId, phone);
    void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  return (
    <PageLayout title={t('page.login')}>
      <p className={styles.intro}>{t('auth.intro')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PhoneField
          id="login-phone"
          inputRef={phoneInput}
          data-testid="login-phone"
          label={t('auth.phoneLabel')}
          placeholder={t('auth.phonePlaceholder')}
          value={phoneDigits}
          onValue={setPhoneDigits}
          waiting={!hydrated}
        />

        {captchaAsked ? (
          <CaptchaField
            id="login-captcha"
            data-testid="login-captcha"
            label={t('auth.captchaLabel')}
            placeholder={t('auth.captchaPlaceholder')}
            value={capcode}
            onValue={setCapcode}
          >
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
          </CaptchaField>
        ) : null}

        <CodeField
          id="login-code"
          inputRef={codeInput}
          data-testid="login-code"
          label={t('auth.codeLabel')}
          placeholder={t('auth.codePlaceholder')}
          value={code}
          onValue={setCode}
          waiting={!hydrated}
        >
          <Button
            type="button"
            data-testid="login-send-code"
            fill="outline"
            loading={sendCode.isPending}
            onClick={() => void onGetCode()}
          >
            {countdown.running ? t('auth.resendIn', { seconds: countdown.secondsLeft }) : t('auth.getCode')}
          </Button>
        </CodeField>

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
