import type { CallInput } from '../../../../shared/api/define-call';
import { trackVisit } from '../../../../shared/contracts/promotion';
import { callApi } from '../../../lib/api';

/** spec 001 §7: GET track-visit; the result is unused, so a failure stays silent. */
export function sendTrackVisit(payload: CallInput<typeof trackVisit>): void {
  void callApi(trackVisit, payload, { silent: true });
}
