import { useQuery } from '@tanstack/react-query';
import { askRequest, myData, objectToMarketing, setConsent } from '../../../../shared/contracts/privacy';
import { callKey, callQueryOptions, useCallMutation } from '../../../lib/api';

/** Everything held about the signed-in borrower. */
export const myDataKey = () => callKey(myData, {});
export function useMyData() {
  return useQuery(callQueryOptions(myData, {}));
}

/** A correction, erasure or blocking for the privacy desk to answer. */
export const useAskRequest = () => useCallMutation(askRequest);
/** Gives or withdraws an optional consent (effective at once). */
export const useSetConsent = () => useCallMutation(setConsent);
/** Objects to marketing (effective at once). */
export const useObjectToMarketing = () => useCallMutation(objectToMarketing);
