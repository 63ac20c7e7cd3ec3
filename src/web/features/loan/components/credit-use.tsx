import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { applyCredit } from '../../../../shared/contracts/credit-transfers';
import type { LoanDetails } from '../../../../shared/contracts/loan-details';
import { callApi } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { Button } from '../../../lib/ui/button';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import styles from './order.module.css';

/**
 * A settled order's credit: what can be done with it, and the button with which the borrower asks
 * (and consents) to use it on their running loan; finance approves it. After asking, the page
 * reloads and says the request waits.
 */
export function CreditUse({
  orderId,
  note,
  use,
}: {
  orderId: number;
  note?: string | undefined;
  use?: LoanDetails['creditUse'];
}) {
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const queries = useQueryClient();
  if (!note && !use) return null;
  const ask = async () => {
    if (!use) return;
    const reply = await callApi(applyCredit, { orderId, toOrderId: use.toOrderId }, { loading: t('common.loading') });
    // A refusal was shown as a toast; either way the page is read again.
    if (reply.success && reply.data) setAnswer(reply.data.message);
    await queries.invalidateQueries();
  };
  return (
    <section className={styles.card} data-testid="credit-use">
      {note ? <p className={styles.hint}>{note}</p> : null}
      {use ? (
        <Button block fill="outline" onClick={() => setAsking(true)} data-testid="credit-use-ask">
          {use.button}
        </Button>
      ) : null}
      {asking && use ? (
        <ConfirmDialog
          title={use.button}
          message={use.confirm}
          confirmText={t('legacy.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => void ask().catch(() => undefined)}
          onClose={() => setAsking(false)}
          data-testid="credit-use-dialog"
        />
      ) : null}
      {answer ? (
        <p role="status" className={styles.hint} data-testid="credit-use-answer">
          {answer}
        </p>
      ) : null}
    </section>
  );
}
