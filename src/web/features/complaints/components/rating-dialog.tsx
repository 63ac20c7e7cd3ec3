import { Dialog } from '../../../lib/ui/overlays/dialog';
import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { StarRating } from './star-rating';

interface RatingDialogProps {
  visible: boolean;
  /** Sends the stars; resolves true when the server took them. */
  onSend: (score: number) => Promise<boolean>;
  onClose: () => void;
}

/**
 * spec 000 §2, §4: "Please rate this service", 5 stars, Cancel and Send. Cancel closes and resets
 * the stars; Send posts the stars chosen (architecture.md: Languages and departures: never a fixed 5) and closes on success.
 */
export function RatingDialog({ visible, onSend, onClose }: RatingDialogProps) {
  const [stars, setStars] = useState(0);
  const [sending, setSending] = useState(false);
  const cancel = () => {
    setStars(0);
    onClose();
  };
  const send = async () => {
    if (sending) return;
    if (stars < 1) {
      showToast(t('complaints.rateChoose'));
      return;
    }
    setSending(true);
    try {
      if (await onSend(stars)) onClose();
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog
      visible={visible}
      aria-label={t('complaints.rateTitle')}
      title={t('complaints.rateTitle')}
      content={<StarRating value={stars} onChange={setStars} />}
      actions={[
        [
          { key: 'cancel', text: t('complaints.cancel'), onClick: cancel },
          { key: 'send', text: t('complaints.send'), bold: true, disabled: sending, onClick: () => void send() },
        ],
      ]}
      onClose={cancel}
      destroyOnClose
    />
  );
}
