import { repaymentCommit } from '../../../../shared/contracts/legacy-repayment';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 000 §7 repayment-commit → needValid, repayRecordId. Silent: the page maps the codes of spec 000 §8. */
export function useCommitRepayment() {
  return useCallMutation(repaymentCommit, { silent: true, loading: t('legacy.submitting') });
}
