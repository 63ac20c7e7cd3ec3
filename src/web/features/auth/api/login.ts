import { login } from '../../../../shared/contracts/auth';
import { useCallMutation } from '../../../lib/api';

/** architecture.md: Sessions: POST /owner/v3/auth/login (phone, smsCode) → sessionId, userId. */
export function useLogin() {
  return useCallMutation(login);
}
