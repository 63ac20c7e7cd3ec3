import { t } from '../../../lib/i18n';
import type { Step } from '../steps';
import styles from './application.module.css';

/**
 * The just-in-time notice at the top of each step (NPC Circular 20-01 as amended): why the step's
 * items are asked and how they are used, before any field.
 */
export function StepNotice({ step }: { step: Step }) {
  return (
    <aside className={styles.notice} aria-label={t('jit.title')} data-testid={`jit-${step}`}>
      <strong>{t('jit.title')}</strong>
      <p>{t(`jit.${step}`)}</p>
    </aside>
  );
}
