import { Button } from '../../../lib/ui/button';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SMS_CODE_LENGTH } from '../../../../shared/constants';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import styles from './legacy.module.css';

interface CodeEntryProps {
  /** Seconds before the first resend is allowed (the code was just sent). */
  resendAfter: number;
  busy: boolean;
  onConfirm: (code: string) => void;
  /** Resolves with the seconds to wait before the next resend, or null when the resend failed. */
  onResend: () => Promise<number | null>;
}

/** spec 000 §4, §5, §9: the SMS code entry, at least 6 characters, with a 60 s resend countdown. */
export function CodeEntry({ resendAfter, busy, onConfirm, onResend }: CodeEntryProps) {
  const [code, setCode] = useState('');
  const countdown = useCountdown();
  const input = useRef<HTMLInputElement>(null);
  const { start } = countdown;

  useEffect(() => {
    start(resendAfter);
    input.current?.focus();
  }, [start, resendAfter]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (code.trim().length < SMS_CODE_LENGTH) {
      showToast(t('legacy.codeInvalid'));
      return;
    }
    onConfirm(code.trim());
  };

  const resend = async () => {
    if (countdown.running) return;
    const wait = await onResend();
    if (wait !== null) countdown.start(wait);
  };

  return (
    <form className={styles.codeBox} onSubmit={onSubmit} noValidate data-testid="legacy-code-entry">
      <h2 className={styles.heading}>{t('legacy.codeTitle')}</h2>
      <p className={styles.hint}>{t('legacy.codeHint')}</p>
      <label className="hiram-label" htmlFor="legacy-code">
        {t('legacy.codeLabel')}
      </label>
      <div className="hiram-row">
        <input
          ref={input}
          id="legacy-code"
          data-testid="legacy-code"
          className="hiram-box"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
        />
        <Button
          type="button"
          fill="outline"
          disabled={countdown.running}
          onClick={() => void resend()}
          data-testid="legacy-resend"
        >
          {countdown.running ? t('legacy.resendIn', { seconds: countdown.secondsLeft }) : t('legacy.resend')}
        </Button>
      </div>
      <Button type="submit" block size="large" loading={busy} data-testid="legacy-confirm">
        {t('legacy.confirm')}
      </Button>
    </form>
  );
}
