import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { COMPLAINT_IMAGES_MAX } from '../../../../shared/constants';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { uploadComplaintImage } from '../api/upload-problem-image';

/** One picture on the page: shown from the phone's own file, sent as the server's address. */
export interface Evidence extends ImageUploadItem {
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
 * "Upload succeeded!" or the server's message. The upload runs in beforeUpload, which then adds
 * the picture itself and answers null, so the uploader keeps no task of its own: a refused picture
 * leaves no broken tile (nor the error the uploader logs), and additions past the ninth are
 * ignored before anything is sent.
 */
export function EvidenceUploader({ value, onChange, onPendingChange }: EvidenceUploaderProps) {
  const pending = useRef(0);
  const countRef = useRef(value.length);
  countRef.current = value.length;
  const previews = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const preview = (file: File) => {
    const url = URL.createObjectURL(file);
    previews.current.push(url);
    return url;
  };

  const beforeUpload = async (file: File): Promise<null> => {
    // Pictures shown plus uploads on the way (those of this same batch included).
    if (countRef.current + pending.current >= COMPLAINT_IMAGES_MAX) return null;
    pending.current += 1;
    onPendingChange(pending.current);
    try {
      const result = await uploadComplaintImage(file);
      if (!result.success || !result.data) return null; // the client already showed the server message
      const item: Evidence = { key: result.data.url, url: preview(file), extra: { serverUrl: result.data.url } };
      onChange((prev) => (prev.length >= COMPLAINT_IMAGES_MAX ? prev : [...prev, item]));
      showToast(t('complaints.uploadSucceeded'));
      return null;
    } finally {
      pending.current -= 1;
      onPendingChange(pending.current);
    }
  };

  // Issue 11: antd-mobile draws its + tile as a <span role="button"> no keyboard reaches, over
  // the file input that has the same name and takes focus; the input alone is the control.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const tile of box.current?.querySelectorAll('.adm-image-uploader-upload-button') ?? []) tile.setAttribute('aria-hidden', 'true');
  });

  return (
    <div ref={box}>
    <ImageUploader
      value={value}
      onChange={(items) => onChange(items as Evidence[])}
      columns={3}
      maxCount={COMPLAINT_IMAGES_MAX}
      multiple
      accept="image/jpeg,image/png,image/webp"
      beforeUpload={beforeUpload}
      upload={async (file) => ({ url: preview(file) })}
      showFailed={false}
      preview={false}
      data-testid="complaint-uploader"
    />
    </div>
  );
}
