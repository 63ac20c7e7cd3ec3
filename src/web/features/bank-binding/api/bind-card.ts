import { bindCardLoan, bindCardNew } from '../../../../shared/contracts/bank-binding';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 000 §7 bind-card-new, or its loanDetail path when the page was opened from the loan details. */
export function useBindCard(fromLoanDetail: boolean) {
  const fromLoan = useCallMutation(bindCardLoan, { loading: t('bank.saving') });
  const plain = useCallMutation(bindCardNew, { loading: t('bank.saving') });
  return fromLoanDetail ? fromLoan : plain;
}
