import { sendLoginCode } from '../../../../shared/contracts/auth';
import { useCallMutation } from '../../../lib/api';

/** architecture.md: Sessions: POST /owner/v3/auth/send-login-code (phone) → resendAfterSeconds. */
export function useSendLoginCode() {
  return useCallMutation(sendLoginCode);
}
