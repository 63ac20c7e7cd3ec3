import { problemFollowUp } from '../../../../shared/contracts/complaints';
import { useCallMutation } from '../../../lib/api';

/** Answer the reply to one of my complaints, which reopens it. */
export function useAnswerReply() {
  return useCallMutation(problemFollowUp);
}
