import { register } from '../../../../shared/contracts/promotion';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 001 §7: POST register → 0 success, 11 already registered, -1 wrong picture captcha. */
export function useRegister() {
  return useCallMutation(register, { silent: true, loading: t('common.loading') });
}
