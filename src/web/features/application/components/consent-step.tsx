import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { Button } from '../../../lib/ui/button';
import { useGiveConsent } from '../api/application';
import styles from './application.module.css';

/** The data-privacy consent, asked before any personal data: its text, a box to tick, the version sent back. */
export function ConsentStep({ consent, onGiven }: { consent: { version: string; text: string }; onGiven: () => void }) {
  const give = useGiveConsent();
  const [agreed, setAgreed] = useState(false);
  return (
    <>
      <div className={`${styles.form} ${styles.consent}`} data-testid="apply-consent-text">
        {consent.text.split('\n\n').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <label className={styles.agree}>
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          data-testid="apply-consent"
        />
        <span>{t('apply.consentAgree')}</span>
      </label>
      <Button
        block
        size="large"
        disabled={!agreed}
        loading={give.isPending}
        onClick={async () => {
          const result = await give.mutateAsync({ version: consent.version, agree: agreed ? '1' : '' });
          if (result.success) onGiven();
        }}
        data-testid="apply-consent-next"
      >
        {t('apply.agreeAndContinue')}
      </Button>
    </>
  );
}
