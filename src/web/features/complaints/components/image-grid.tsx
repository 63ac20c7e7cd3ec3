import { thumbUrl } from '../../../../shared/contracts/complaints';
import { t } from '../../../lib/i18n';
import styles from './complaints.module.css';
import { useOwnerImage } from './use-owner-image';

function Thumb({ url, index }: { url: string; index: number }) {
  // Shown about 104 pixels wide: the thumbnail, not the picture.
  const { src, failed } = useOwnerImage(thumbUrl(url));
  const alt = t('complaints.imageAlt', { index });
  if (failed) {
    return (
      <span className={styles.thumbFailed} role="img" aria-label={alt}>
        {t('complaints.imageFailed')}
      </span>
    );
  }
  return src ? (
    <span className={styles.thumb}>
      <img src={src} alt={alt} width={104} height={104} />
    </span>
  ) : (
    <span className={styles.thumbLoading} role="img" aria-label={alt} aria-busy="true" />
  );
}

/** Read-only pictures, 3 per row (spec 000 §9). */
export function ImageGrid({ urls, testId }: { urls: readonly string[]; testId?: string }) {
  return (
    <ul className={styles.grid} data-testid={testId}>
      {urls.map((url, i) => (
        <li key={url}>
          <Thumb url={url} index={i + 1} />
        </li>
      ))}
    </ul>
  );
}
