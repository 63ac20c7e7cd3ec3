import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { myMessages } from '../../../../shared/contracts/messages';
import { callQueryOptions } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import styles from './home.module.css';

/** A raised limit is news for a month after it happened. */
const SHOWN_FOR_MS = 30 * 24 * 60 * 60 * 1000;
const dismissedKey = (id: number) => `hiram.limitNotice.${id}`;

function wasDismissed(id: number): boolean {
  try {
    return localStorage.getItem(dismissedKey(id)) === '1';
  } catch {
    return false;
  }
}

/**
 * The limit rose (a loan repaid on time): the message we sent says so, and home shows it until
 * the borrower closes it, so the rise is not silent even with the SMS turned off.
 */
export function LimitNotice() {
  const messages = useQuery(callQueryOptions(myMessages, {}, { silent: true }));
  const [closed, setClosed] = useState<number | null>(null);
  const raised = messages.data?.messages.find((m) => m.kind === 'limit-raised');
  if (!raised || closed === raised.id || wasDismissed(raised.id)) return null;
  if (Date.now() - Date.parse(raised.sentAt) > SHOWN_FOR_MS) return null;
  return (
    <section className={styles.section} role="status" data-testid="limit-notice">
      <h2 className={styles.heading}>{t('home.limitRaised')}</h2>
      <p>{raised.body}</p>
      <button
        type="button"
        onClick={() => {
          try {
            localStorage.setItem(dismissedKey(raised.id), '1');
          } catch {
            // Private browsing without storage: closed for this visit only.
          }
          setClosed(raised.id);
        }}
        data-testid="limit-notice-close"
      >
        {t('home.limitRaisedClose')}
      </button>
    </section>
  );
}
