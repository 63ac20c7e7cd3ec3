import { getSms } from '../../../../shared/contracts/promotion';
import { useCallMutation } from '../../../lib/api';
import { t } from '../../../lib/i18n';

/** spec 001 §7: POST get-sms → 0 sent, 101 wrong picture captcha, 11 already registered. The page says what happened. */
export function useGetSms() {
  return useCallMutation(getSms, { silent: true, loading: t('common.loading') });
}
