import { saveScore } from '../../../../shared/contracts/complaints';
import { useCallMutation } from '../../../lib/api';

/** spec 000 §7 save-score: score 1–5 and problemId; code '00' is success. */
export function useSaveScore() {
  return useCallMutation(saveScore);
}
