import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { Code } from '../../../../shared/codes';
import { CAPTCHA_LENGTH, PHONE_LENGTH, SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '../../../../shared/constants';
import { type CallResult, ClientCode } from '../../../lib/api';
import { digitsOnly, normalizePhone, phoneInputFormat } from '../../../lib/format';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { t } from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { showInfo, showToast } from '../../../lib/toast';
import { useGetSms } from '../api/get-sms';
import { useRegister } from '../api/register';
import { sendTrackClick } from '../api/track-click';
import { currentClientType } from '../client-type';
import { type PromotionQuery, routeHash } from '../promotion-query';
import { useCaptcha } from '../../../lib/captcha/use-captcha';
import { CaptchaButton } from './captcha-button';
import styles from './promotion.module.css';

const SMS_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/** Digits only, at most 11; a pasted +63 / 63 number becomes 09…. */
const phoneDigitsFrom = (raw: string) => normalizePhone(raw) ?? digitsOnly(raw).slice(0, PHONE_LENGTH);
const captchaFrom = (raw: string) =>
  raw
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, CAPTCHA_LENGTH)
    .toUpperCase();

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
  const device = { deviceId: session.deviceId, appName: session.appName };

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
      <label className={styles.label} htmlFor="promotion-phone">
        {t('promotion.phoneLabel')}
      </label>
      <input
        id="promotion-phone"
        data-testid="promotion-phone"
        className={styles.input}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('promotion.phonePlaceholder')}
        value={phoneInputFormat(phoneDigits)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setPhoneDigits(phoneDigitsFrom(event.target.value))}
      />

      <label className={styles.label} htmlFor="promotion-captcha">
        {t('promotion.captchaLabel')}
      </label>
      <div className={styles.row}>
        <input
          id="promotion-captcha"
          data-testid="promotion-captcha"
          className={styles.input}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CAPTCHA_LENGTH}
          placeholder={t('promotion.captchaPlaceholder')}
          value={capcode}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setCapcode(captchaFrom(event.target.value))}
        />
        <CaptchaButton captcha={captcha} onRefresh={onRefreshCaptcha} />
      </div>

      <label className={styles.label} htmlFor="promotion-sms">
        {t('promotion.smsLabel')}
      </label>
      <div className={styles.row}>
        <input
          ref={smsInput}
          id="promotion-sms"
          data-testid="promotion-sms"
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
          placeholder={t('promotion.smsPlaceholder')}
          value={smsCode}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            setSmsCode(digitsOnly(event.target.value).slice(0, SMS_CODE_LENGTH))
          }
        />
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
      </div>

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
