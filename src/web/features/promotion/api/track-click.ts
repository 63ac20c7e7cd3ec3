import type { CallInput } from '../../../../shared/api/define-call';
import { trackClick } from '../../../../shared/contracts/promotion';
import { callApi } from '../../../lib/api';

/** spec 001 §7: GET track-click; the result is unused, so a failure stays silent. */
export function sendTrackClick(payload: CallInput<typeof trackClick>): void {
  void callApi(trackClick, payload, { silent: true });
}
