import type { MyMessage } from '../../../../shared/contracts/messages';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { type OptionalKind, useMessageSettings, useMyMessages } from '../api/messages';
import styles from './records.module.css';

const STATUS_KEY = {
  sending: 'messages.status.sending',
  sent: 'messages.status.sent',
  failed: 'messages.status.failed',
  off: 'messages.status.off',
} as const satisfies Record<MyMessage['status'], string>;

/** The SMS messages sent about this order, as sent (or why not), newest first. */
export function Messages({ orderId }: { orderId: number }) {
  const messages = useMyMessages(orderId);
  const list = messages.data?.messages ?? [];
  return (
    <section className={styles.card} aria-labelledby="records-messages" data-testid="records-messages">
      <h2 id="records-messages" className={styles.heading}>
        {t('messages.heading')}
      </h2>
      {messages.isSuccess && list.length === 0 ? <p className={styles.note}>{t('messages.none')}</p> : null}
      <ul className={styles.list}>
        {list.map((m) => (
          <li key={m.id} className={styles.item} data-testid="message-row" data-kind={m.kind} data-status={m.status}>
            <p className={styles.note}>{`${formatDate(m.sentAt)} · ${t(STATUS_KEY[m.status])}`}</p>
            <p>{m.body}</p>
          </li>
        ))}
      </ul>
      <MessageSettings />
    </section>
  );
}

const KIND_KEY = {
  'application-received': 'messages.kind.application-received',
  'due-soon': 'messages.kind.due-soon',
  'limit-raised': 'messages.kind.limit-raised',
} as const satisfies Record<OptionalKind, string>;

/** The optional messages, each with a switch; the others (approval, money, payments, complaints) always go. */
function MessageSettings() {
  const { query, save } = useMessageSettings();
  const settings = query.data?.settings ?? [];
  return (
    <div data-testid="message-settings">
      <h3 className={styles.itemTitle}>{t('messages.settings')}</h3>
      <p className={styles.note}>{t('messages.settingsNote')}</p>
      {settings.map((s) => (
        <label key={s.kind} className={styles.setting}>
          <input
            type="checkbox"
            checked={s.enabled}
            onChange={(e) => void save(s.kind, e.currentTarget.checked)}
            data-testid={`message-setting-${s.kind}`}
          />
          {t(KIND_KEY[s.kind])}
        </label>
      ))}
    </div>
  );
}
