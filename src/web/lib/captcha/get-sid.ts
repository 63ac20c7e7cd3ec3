import { API_BASE } from '../../../shared/constants';
import { CAPTCHA_IMAGE_PATH, getSid } from '../../../shared/contracts/captcha';
import { callApi } from '../api';

/** spec 001 §7: GET get-sid → data.sid. */
export function fetchSid() {
  return callApi(getSid, {}, { silent: true });
}

/** The captcha image of a sid; the timestamp makes every load a new drawing (spec 001 §7). */
export function captchaImageUrl(sid: string, t = Date.now()): string {
  return `${API_BASE}${CAPTCHA_IMAGE_PATH}?${new URLSearchParams({ sid, t: String(t) })}`;
}
