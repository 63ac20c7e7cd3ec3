import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { Button } from '../../../lib/ui/button';
import styles from './repayment.module.css';

/** Side of the saved picture in pixels: large enough for a wallet app's scanner to read from the gallery. */
const SIDE = 720;
const MARGIN = 40;

/** The QR image (an SVG from the server) drawn on white as a PNG a phone's gallery keeps. */
async function qrPng(src: string): Promise<Blob> {
  const svg = await (await fetch(src)).blob();
  const url = URL.createObjectURL(svg);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = SIDE;
    canvas.height = SIDE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, SIDE, SIDE);
    context.drawImage(image, MARGIN, MARGIN, SIDE - 2 * MARGIN, SIDE - 2 * MARGIN);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Saves the QR Ph code as a picture, so a borrower paying from a wallet app on this same phone can
 * scan it from the gallery: the phone's share sheet ("Save image") where it takes files, else a download.
 */
export function SaveQr({ src, name }: { src: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const file = new File([await qrPng(src)], `${name}.png`, { type: 'image/png' });
      if (navigator.canShare?.({ files: [file] })) {
        await navigator.share({ files: [file] }).catch(() => undefined);
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = file.name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      showToast(t('repay.qrSaved'));
    } catch {
      showToast(t('repay.qrSaveFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      block
      fill="outline"
      className={styles.qrSave}
      loading={busy}
      onClick={() => void save()}
      data-testid="pay-qr-save"
    >
      {t('repay.qrSave')}
    </Button>
  );
}
