import type { CallReply } from '../../../../shared/api/define-call';
import type { myData } from '../../../../shared/contracts/privacy';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import styles from './my-data.module.css';

type Data = CallReply<typeof myData>;

/** What is held, grouped as the server groups it (labels already in the reader's language). */
export function HeldData({ held }: { held: Data['held'] }) {
  const groups = [...new Set(held.map((h) => h.group))];
  return (
    <section className={styles.block} data-testid="my-data-held">
      <h2>{t('myData.held')}</h2>
      {groups.map((group) => (
        <div key={group}>
          <h3 className={styles.group}>{group}</h3>
          <dl>
            {held
              .filter((h) => h.group === group)
              .map((h) => (
                <div className={styles.row} key={`${h.label}|${h.value}`}>
                  <dt>{h.label}</dt>
                  <dd>{h.value}</dd>
                </div>
              ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

/** Staff views of my details, and the records kept for a legal duty. */
export function AccessAndHolds({ access, holds }: { access: Data['access']; holds: Data['holds'] }) {
  return (
    <>
      <section className={styles.block} data-testid="my-data-access">
        <h2>{t('myData.access')}</h2>
        {access.length === 0 ? (
          <p className={styles.help}>{t('myData.noAccess')}</p>
        ) : (
          <ul className={styles.list}>
            {access.map((a) => (
              <li key={`${a.at}|${a.what}`}>
                {a.what}
                <time className={styles.meta} dateTime={a.at}>
                  {humanDate(a.at, true)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
      {holds.length > 0 ? (
        <section className={styles.block} data-testid="my-data-holds">
          <h2>{t('myData.holds')}</h2>
          <ul className={styles.list}>
            {holds.map((h) => (
              <li key={h.what}>
                {h.what}
                <span className={styles.meta}>{h.reason}</span>
                {h.keptUntil ? (
                  <span className={styles.meta}>{t('myData.keptUntil', { date: humanDate(h.keptUntil) })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
