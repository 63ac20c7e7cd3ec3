import { useEffect, useId, useState } from 'react';
import type { ApplicationItem } from '../../../../shared/contracts/application';
import { t } from '../../../lib/i18n';
import { useOwnerImage } from '../../complaints/components/use-owner-image';
import { uploadApplicationPhoto } from '../api/application';
import styles from './application.module.css';

/**
 * An `image` item: the camera or a picture from the phone, uploaded when chosen; the value is the
 * private address the server gave. The preview is the chosen file itself, or for a stored answer
 * the picture fetched with the session (it is served to its owner only).
 */
export function PhotoField({
  item,
  value,
  onChange,
}: {
  item: ApplicationItem;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const [local, setLocal] = useState<string | undefined>();
  const stored = useOwnerImage(local ? '' : value);
  const [busy, setBusy] = useState(false);
  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local);
    },
    [local],
  );
  const preview = local ?? (value ? stored.src : undefined);

  async function choose(file: File | undefined) {
    if (!file || busy) return;
    setBusy(true);
    try {
      const result = await uploadApplicationPhoto(file);
      if (result.success && result.data) {
        setLocal(URL.createObjectURL(file));
        onChange(result.data.url);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.item}>
      <span className={styles.title}>{item.title}</span>
      {item.subtitle ? <span className={styles.subtitle}>{item.subtitle}</span> : null}
      <div className={styles.photoRow}>
        <div className={styles.photo} aria-hidden={!preview}>
          {preview ? (
            <img src={preview} alt={item.title} width={96} height={72} />
          ) : (
            <span className={styles.photoEmpty}>{t('apply.noPhoto')}</span>
          )}
        </div>
        <input
          id={id}
          className={styles.fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture={item.code === 'selfie' ? 'user' : 'environment'}
          disabled={busy}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
          data-testid={`apply-${item.code}`}
        />
        <label htmlFor={id} className={styles.photoButton} aria-busy={busy || undefined}>
          {value ? t('apply.retakePhoto') : t('apply.takePhoto')}
        </label>
      </div>
    </div>
  );
}
