import { repaymentConfirm } from '../../../../shared/contracts/legacy-repayment';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 000 §7 repayment-confirm (orderId, verifyCode, repaymentRecordId); 800006 on a wrong code. */
export function useConfirmRepayment() {
  return useCallMutation(repaymentConfirm, { silent: true, loading: t('legacy.submitting') });
}
