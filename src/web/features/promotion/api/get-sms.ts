import { getSms } from '../../../../shared/contracts/promotion';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/**
 * spec 001 §7: POST get-sms → 0 sent, 101 wrong picture captcha. Our server answers 0 for a
 * registered phone too (11 comes at register); the page still understands 11 from an older backend.
 */
export function useGetSms() {
  return useCallMutation(getSms, { silent: true, loading: t('common.loading') });
}
