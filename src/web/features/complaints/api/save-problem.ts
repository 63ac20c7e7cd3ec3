import { problemSave } from '../../../../shared/contracts/complaints';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 000 §7 problem-save. */
export function useSaveProblem() {
  return useCallMutation(problemSave, { loading: t('complaints.sending') });
}
