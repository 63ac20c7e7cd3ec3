import { useQuery } from '@tanstack/react-query';
import { problemDetail } from '../../../../shared/contracts/complaints';
import { callKey, callQueryOptions } from '../../../lib/api';

/** spec 000 §7 problem-detail. */
export const problemDetailQuery = (problemId: number) => callQueryOptions(problemDetail, { problemId });
export const problemDetailKey = (problemId: number) => callKey(problemDetail, { problemId });

export function useProblemDetail(problemId: number) {
  return useQuery({ ...problemDetailQuery(problemId), enabled: problemId > 0 });
}
