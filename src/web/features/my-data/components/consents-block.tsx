import { useQueryClient } from '@tanstack/react-query';
import type { CallReply } from '../../../../shared/api/define-call';
import type { myData } from '../../../../shared/contracts/privacy';
import { humanDate } from '../../../lib/human-date';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { Button } from '../../../lib/ui/button';
import { myDataKey, useObjectToMarketing, useSetConsent } from '../api/my-data';
import styles from './my-data.module.css';

type Data = CallReply<typeof myData>;

/** The privacy consent with its times, the optional consents to give or withdraw, and the objection to marketing. */
export function ConsentsBlock({ consents, optional }: Pick<Data, 'consents' | 'optional'>) {
  const client = useQueryClient();
  const choose = useSetConsent();
  const object = useObjectToMarketing();
  const refresh = () => client.invalidateQueries({ queryKey: myDataKey() });
  const toggle = async (consent: Data['optional'][number]['consent'], given: boolean) => {
    const result = await choose.mutateAsync({ consent, given: given ? '1' : '0' });
    if (!result.success) return;
    if (!given) showToast(t('myData.withdrawn'));
    await refresh();
  };
  const objectNow = async () => {
    const result = await object.mutateAsync({});
    if (!result.success) return;
    showToast(t('myData.objected'));
    await refresh();
  };
  return (
    <section className={styles.block} data-testid="my-data-consents">
      <h2>{t('myData.consents')}</h2>
      <ul className={styles.list}>
        {consents.map((c) => (
          <li key={c.givenAt}>
            {t('myData.privacyConsent', { version: c.version, date: humanDate(c.givenAt, true) })}
          </li>
        ))}
        {optional.map((o) => (
          <li key={o.consent} className={styles.consent} data-testid={`my-data-optional-${o.consent}`}>
            <span>
              {t(`myData.optional.${o.consent}`)}
              <span className={styles.meta} data-testid="my-data-optional-state">
                {o.given
                  ? t('myData.given', { date: humanDate(o.at ?? '', true) })
                  : o.at
                    ? t('myData.withdrawnOn', { date: humanDate(o.at, true) })
                    : t('myData.notGiven')}
              </span>
            </span>
            <Button
              fill={o.given ? 'outline' : 'solid'}
              loading={choose.isPending}
              onClick={() => void toggle(o.consent, !o.given)}
              data-testid={`my-data-toggle-${o.consent}`}
            >
              {o.given ? t('myData.withdraw') : t('myData.give')}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        block
        fill="outline"
        loading={object.isPending}
        onClick={() => void objectNow()}
        data-testid="my-data-object"
      >
        {t('myData.object')}
      </Button>
    </section>
  );
}
