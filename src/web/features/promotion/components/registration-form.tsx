import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { Code } from '../../../../shared/codes';
import { CAPTCHA_LENGTH, SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '../../../../shared/constants';
import { type CallResult, ClientCode } from '../../../lib/api';
import { normalizePhone } from '../../../lib/format';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { t } from '../../../lib/i18n';
import { getSession, WEB_APP_NAME, webDeviceId } from '../../../lib/session';
import { showInfo, showToast } from '../../../lib/toast';
import { CaptchaField, CodeField, PhoneField } from '../../../lib/ui/phone-code-fields';
import { useGetSms } from '../api/get-sms';
import { useRegister } from '../api/register';
import { sendTrackClick } from '../api/track-click';
import { currentClientType } from '../client-type';
import { type PromotionQuery, routeHash } from '../promotion-query';
import { useCaptcha } from '../../../lib/captcha/use-captcha';
import { CaptchaButton } from './captcha-button';
import styles from './promotion.module.css';

const SMS_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/** spec 001 §8: other codes show the server message; a network failure its own message. */
function showFailure(result: CallResult<unknown>): void {
  showToast(result.code === ClientCode.NETWORK ? t('promotion.networkError') : result.message);
}

const waitFrom = (data: unknown) => {
  const seconds = (data as { resendAfterSeconds?: unknown } | null)?.resendAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : SMS_RESEND_SECONDS;
};

/**
 * spec 001 §2.2–§5, §8: mobile (11 digits), picture captcha (4), SMS code (6), the get-code button
 * with its 60 s countdown, and Apply. Success and "already registered" go to #/downloadTemplate
 * with the same query; codes 101 and -1 bring a new picture captcha.
 */
export function RegistrationForm({ query, applyText }: { query: PromotionQuery; applyText: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [phoneDigits, setPhoneDigits] = useState('');
  const [capcode, setCapcode] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const smsInput = useRef<HTMLInputElement>(null);
  const captcha = useCaptcha();
  const countdown = useCountdown();
  const getSms = useGetSms();
  const register = useRegister();

  const campaign = { app_from: query.appFrom, user_from: query.userFrom, utm_tag: query.utmTag };
  const session = getSession();
  // A browser visitor has no app session: its own device id, kept on the device, and the web's name.
  const device = { deviceId: session.deviceId ?? webDeviceId(), appName: session.appName ?? WEB_APP_NAME };

  const goToDownload = () =>
    void navigate({
      pathname: location.pathname,
      search: location.search,
      hash: routeHash('download', location.search, location.hash),
    });

  const newCaptcha = () => {
    setCapcode('');
    void captcha.load();
  };

  const onRefreshCaptcha = () => {
    if (!normalizePhone(phoneDigits)) {
      showToast(t('promotion.phoneInvalid'));
      return;
    }
    newCaptcha();
  };

  /** Phone and picture captcha, or the message for the first one missing. */
  const checkPhoneAndCaptcha = (): { phone: string; sid: string } | null => {
    const phone = normalizePhone(phoneDigits);
    if (!phone) {
      showToast(t('promotion.phoneInvalid'));
      return null;
    }
    if (!captcha.sid || capcode.length !== CAPTCHA_LENGTH) {
      showToast(t('promotion.captchaInvalid'));
      return null;
    }
    return { phone, sid: captcha.sid };
  };

  const onGetCode = async () => {
    if (countdown.running) {
      showToast(t('promotion.codeTwice'));
      return;
    }
    if (getSms.isPending) return;
    const checked = checkPhoneAndCaptcha();
    if (!checked) return;
    const result = await getSms.mutateAsync({ ...checked, capcode, ...device, ...campaign });
    if (result.success) {
      countdown.start(waitFrom(result.data));
      showInfo(t('promotion.codeSent'));
      smsInput.current?.focus();
      return;
    }
    const code = Number(result.code);
    if (code === Code.ALREADY_REGISTERED) {
      showToast(t('promotion.alreadyRegistered'));
      goToDownload();
      return;
    }
    showFailure(result);
    if (code === Code.WRONG_CAPTCHA) newCaptcha();
    if (code === Code.OTP_RESEND_TOO_SOON) countdown.start(waitFrom(result.data));
  };

  const onApply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    sendTrackClick({
      page_id: query.id,
      client_type: currentClientType(),
      page_type: 1,
      phone: phoneDigits || undefined,
      ...campaign,
    });
    const checked = checkPhoneAndCaptcha();
    if (!checked) return;
    if (!SMS_PATTERN.test(smsCode)) {
      showToast(t('promotion.smsInvalid'));
      return;
    }
    const result = await register.mutateAsync({
      ...checked,
      capcode,
      smsCode,
      ...device,
      merchantNumber: '0',
      userName: checked.phone,
      invite_code: query.inviteCode,
      id: query.id,
      ...campaign,
    });
    const code = Number(result.code);
    if (result.success || code === Code.ALREADY_REGISTERED) {
      showToast(t(result.success ? 'promotion.registered' : 'promotion.alreadyRegistered'));
      goToDownload();
      return;
    }
    showFailure(result);
    if (code === Code.WRONG_CAPTCHA_REGISTER) newCaptcha();
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onApply(event)} noValidate>
      <PhoneField
        id="promotion-phone"
        data-testid="promotion-phone"
        label={t('promotion.phoneLabel')}
        placeholder={t('promotion.phonePlaceholder')}
        value={phoneDigits}
        onValue={setPhoneDigits}
      />

      <CaptchaField
        id="promotion-captcha"
        data-testid="promotion-captcha"
        label={t('promotion.captchaLabel')}
        placeholder={t('promotion.captchaPlaceholder')}
        value={capcode}
        onValue={setCapcode}
      >
        <CaptchaButton captcha={captcha} onRefresh={onRefreshCaptcha} />
      </CaptchaField>

      <CodeField
        id="promotion-sms"
        inputRef={smsInput}
        data-testid="promotion-sms"
        label={t('promotion.smsLabel')}
        placeholder={t('promotion.smsPlaceholder')}
        value={smsCode}
        onValue={setSmsCode}
      >
        <button
          type="button"
          data-testid="promotion-get-code"
          className={styles.getCode}
          // Still tappable while counting down: a tap then warns (spec 001 §5), so not aria-disabled.
          data-waiting={countdown.running || getSms.isPending}
          onClick={() => void onGetCode()}
        >
          {countdown.running ? t('promotion.resendIn', { seconds: countdown.secondsLeft }) : t('promotion.getCode')}
        </button>
      </CodeField>

      <button type="submit" data-testid="promotion-apply" className={styles.apply} aria-disabled={register.isPending}>
        {applyText}
      </button>
      <p className={styles.agreement}>
        {t('promotion.agreementPrefix')}{' '}
        <Link
          to={{
            pathname: location.pathname,
            search: location.search,
            hash: routeHash('agreement', location.search, location.hash),
          }}
          data-testid="promotion-agreement-link"
        >
          {t('promotion.agreementLink')}
        </Link>
      </p>
    </form>
  );
}
