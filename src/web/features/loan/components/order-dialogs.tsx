import { Button, Dialog, Popup } from '../../../lib/antd-mobile';
import { useState } from 'react';
import { googleScore } from '../../../../shared/contracts/loan-details';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { goToRate } from '../../../lib/native-bridge';
import { showToast } from '../../../lib/toast';
import { StarRating } from '../../complaints/components/star-rating';
import styles from './order.module.css';

/** spec 001 §4 rating dialog: five stars; none → a toast; fewer than 4 → a thank-you; 4 or more → the store. */
export function RatingDialog({ onDone }: { onDone: () => void }) {
  const [stars, setStars] = useState(0);
  const [result, setResult] = useState(false);
  const send = useCallMutation(googleScore);
  async function submit() {
    if (stars === 0) {
      showToast(t('order.rateChoose'));
      return;
    }
    const reply = await send.mutateAsync({ score: stars });
    if (!reply.success) return;
    if (stars >= 4) {
      goToRate();
      onDone();
    } else setResult(true);
  }
  return (
    <Popup visible position="bottom" bodyClassName={styles.sheet} onMaskClick={onDone}>
      {result ? (
        <div data-testid="rating-result">
          <h2 className={styles.sheetTitle}>{t('order.rateThanks')}</h2>
          <p>{t('order.rateThanksHint')}</p>
          <Button block color="primary" shape="rounded" onClick={onDone}>
            {t('order.close')}
          </Button>
        </div>
      ) : (
        <div data-testid="rating-dialog">
          <h2 className={styles.sheetTitle}>{t('order.rateTitle')}</h2>
          <StarRating value={stars} onChange={setStars} />
          <Button
            block
            color="primary"
            shape="rounded"
            loading={send.isPending}
            onClick={submit}
            data-testid="rating-submit"
          >
            {t('order.rateSubmit')}
          </Button>
        </div>
      )}
    </Popup>
  );
}

/** spec 001 §4 bank-card dialog (`cardNeedPop` 1): resolves true when the borrower chooses to bind. */
export function confirmBindCard(title: string, message: string): Promise<boolean> {
  return Dialog.confirm({
    'aria-label': title,
    title,
    content: message,
    confirmText: t('order.bindNow'),
    cancelText: t('order.close'),
  });
}
