import { type ChangeEvent, type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { COMPLAINT_IMAGES_MAX } from '../../../../shared/constants';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { uploadComplaintImage } from '../api/upload-problem-image';
import styles from './complaints.module.css';

/** One picture on the page: shown from the phone's own file, sent as the server's address. */
export interface Evidence {
  /** The phone's own copy (an object URL), shown while the page is open. */
  url: string;
  extra: { serverUrl: string };
}

interface EvidenceUploaderProps {
  value: Evidence[];
  onChange: Dispatch<SetStateAction<Evidence[]>>;
  /** How many uploads are still on the way (Send waits for them). */
  onPendingChange: (pending: number) => void;
}

/**
 * spec 000 §2, §4, §5: 3 per row, at most 9, each picture uploaded as soon as it is added;
 * "Upload succeeded!" or the server's message, and a refused picture leaves no tile. Additions
 * past the ninth (pictures shown plus uploads on the way) are ignored before anything is sent.
 *
 * Our own grid rather than antd-mobile's ImageUploader: that one always brings its
 * image viewer, react-spring and @use-gesture (about 45 KB of the page's first load), and drew its
 * + tile as a span no keyboard reaches. Here the file input itself is the + tile.
 */
export function EvidenceUploader({ value, onChange, onPendingChange }: EvidenceUploaderProps) {
  const pending = useRef(0);
  const lastUpload = useRef(0);
  /** The uploads on the way, each shown as a busy tile. */
  const [uploads, setUploads] = useState<number[]>([]);
  const countRef = useRef(value.length);
  countRef.current = value.length;
  const previews = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const setPending = (id: number, onTheWay: boolean) => {
    pending.current += onTheWay ? 1 : -1;
    setUploads((ids) => (onTheWay ? [...ids, id] : ids.filter((other) => other !== id)));
    onPendingChange(pending.current);
  };

  const upload = async (file: File) => {
    lastUpload.current += 1;
    const id = lastUpload.current;
    setPending(id, true);
    try {
      const result = await uploadComplaintImage(file);
      if (!result.success || !result.data) return; // the client already showed the server message
      const url = URL.createObjectURL(file);
      previews.current.push(url);
      const item: Evidence = { url, extra: { serverUrl: result.data.url } };
      onChange((prev) => (prev.length >= COMPLAINT_IMAGES_MAX ? prev : [...prev, item]));
      showToast(t('complaints.uploadSucceeded'));
    } finally {
      setPending(id, false);
    }
  };

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same picture may be chosen again after it is removed
    for (const file of files) {
      if (countRef.current + pending.current >= COMPLAINT_IMAGES_MAX) break;
      void upload(file);
    }
  };

  const remove = (item: Evidence) => onChange((prev) => prev.filter((other) => other !== item));

  return (
    <ul className={styles.grid} data-testid="complaint-uploader">
      {value.map((item, i) => (
        <li key={item.extra.serverUrl} className={styles.evidence}>
          <span className={styles.thumb}>
            <img src={item.url} alt={t('complaints.imageAlt', { index: i + 1 })} width={104} height={104} />
          </span>
          <button
            type="button"
            className={styles.remove}
            aria-label={t('complaints.removeImage', { index: i + 1 })}
            onClick={() => remove(item)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {uploads.map((id) => (
        <li key={`upload-${id}`}>
          <span className={styles.thumbLoading} role="img" aria-label={t('complaints.uploading')} aria-busy="true" />
        </li>
      ))}
      {value.length + uploads.length < COMPLAINT_IMAGES_MAX ? (
        <li>
          <label className={styles.addTile}>
            <input
              type="file"
              className={styles.fileInput}
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={add}
              aria-label={t('complaints.addImages')}
            />
            <span aria-hidden="true">+</span>
          </label>
        </li>
      ) : null}
    </ul>
  );
}
