import { repaymentResendCode } from '../../../../shared/contracts/legacy-repayment';
import { useCallMutation } from '../../../lib/api';

/** A new SMS code for the submitted repayment (the code entry's 60 s resend). */
export function useResendRepaymentCode() {
  return useCallMutation(repaymentResendCode);
}
