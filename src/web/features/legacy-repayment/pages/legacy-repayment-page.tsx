import { Button } from '../../../lib/ui/button';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { SMS_RESEND_SECONDS } from '../../../../shared/constants';
import { href } from '../../../../shared/pages';
import { ApiError, ClientCode } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { showInfo, showToast } from '../../../lib/toast';
import { PageLayout } from '../../../lib/ui/page-layout';
import { useCommitRepayment } from '../api/commit-repayment';
import { useConfirmRepayment } from '../api/confirm-repayment';
import { type RepaymentWay, useRepaymentWay } from '../api/get-repayment-way';
import { useResendRepaymentCode } from '../api/resend-repayment-code';
import { CodeEntry } from '../components/code-entry';
import { WayForm } from '../components/way-form';
import styles from '../components/legacy.module.css';
import { legacyFailureMessage } from '../messages';

/** A positive whole number from the query, else null. */
function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** spec 000 §8: "Failed to query the card list", or "Network error" when the network failed. */
function cardListFailure(error: unknown): string {
  return error instanceof ApiError && error.code === ClientCode.NETWORK
    ? t('legacy.networkError')
    : t('legacy.cardListFailed');
}

interface Pending {
  recordId: number;
}

/**
 * spec 000 §2 Legacy repayment screen, §4: choose a card, submit; when needValid is 1 confirm
 * with the SMS code; then the borrow detail. The native app opens it with orderId, productId and
 * optionally couponId. The amount is what the server says is due now, and the server decides
 * whether a code is needed: an `amount` or `sendMsg` in the address changes nothing.
 */
export function LegacyRepaymentPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = positiveInt(params.get('orderId'));
  const productId = positiveInt(params.get('productId'));
  const way = useRepaymentWay(orderId);
  const commit = useCommitRepayment();
  const confirm = useConfirmRepayment();
  const resend = useResendRepaymentCode();
  const [chosen, setChosen] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    if (way.isError) showToast(cardListFailure(way.error));
  }, [way.isError, way.error]);

  const toOrder = () => void navigate(href('loanDetail', { productId, orderId }), { replace: true });

  const submit = async (data: RepaymentWay, amount: number) => {
    if (commit.isPending || orderId === null) return;
    const card = data.bankCards.find((c) => c.id === chosen);
    if (!card) {
      showToast(t('legacy.cardRequired'));
      return;
    }
    const result = await commit.mutateAsync({
      amount,
      bankName: card.bankName,
      cardId: card.id,
      cardNo: card.cardNo,
      couponId: params.get('couponId') ?? '',
      orderId,
      repayToken: data.repayToken,
      bankCode: card.bankCode,
      // The server decides; this is the spec's field, sent as "ask for a code".
      sendMsg: 1,
    });
    if (!result.success || !result.data) {
      showToast(legacyFailureMessage(result));
      // The token may be spent or expired: the next attempt needs a fresh one.
      void way.refetch();
      return;
    }
    if (result.data.needValid === 1) setPending({ recordId: result.data.repayRecordId });
    else toOrder();
  };

  const onConfirm = async (verifyCode: string) => {
    if (!pending || orderId === null || confirm.isPending) return;
    const result = await confirm.mutateAsync({ orderId, verifyCode, repaymentRecordId: pending.recordId });
    if (result.success) toOrder();
    else showToast(legacyFailureMessage(result));
  };

  const onResend = async (): Promise<number | null> => {
    if (!pending || orderId === null) return null;
    const result = await resend.mutateAsync({ orderId, repaymentRecordId: pending.recordId });
    if (!result.success || !result.data) return null;
    showInfo(t('legacy.codeSent'));
    return result.data.resendAfterSeconds;
  };

  return (
    <PageLayout title={t('page.legacyRepayment')}>
      {orderId === null ? (
        <p className={styles.notice} role="alert">
          {t('legacy.orderMissing')}
        </p>
      ) : pending ? (
        <CodeEntry
          resendAfter={SMS_RESEND_SECONDS}
          busy={confirm.isPending}
          onConfirm={onConfirm}
          onResend={onResend}
        />
      ) : way.data ? (
        <WayForm
          data={way.data}
          amount={way.data.amountDue}
          chosen={chosen}
          onChoose={setChosen}
          busy={commit.isPending}
          onSubmit={submit}
        />
      ) : way.isError ? (
        <div className={styles.notice} role="alert">
          <p>{cardListFailure(way.error)}</p>
          {way.error instanceof ApiError && way.error.code !== ClientCode.NETWORK ? (
            <p className={styles.reason}>{way.error.message}</p>
          ) : null}
          <Button fill="outline" onClick={() => void way.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <p className={styles.notice} role="status">
          {t('common.loading')}
        </p>
      )}
    </PageLayout>
  );
}
