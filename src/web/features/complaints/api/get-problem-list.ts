import { useQuery } from '@tanstack/react-query';
import { problemList } from '../../../../shared/contracts/complaints';
import { callKey, callQueryOptions } from '../../../lib/api';

/** spec 000 §7 problem-list: the server's tabs, each with its rows. */
export const problemListQuery = () => callQueryOptions(problemList, {});
export const problemListKey = () => callKey(problemList, {});

export function useProblemList() {
  return useQuery(problemListQuery());
}
