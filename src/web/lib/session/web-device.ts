/**
 * A browser visitor's device id and app name for the calls that carry them (spec 001 §7
 * promotion get-sms and register: deviceId, appName). The native app gives its own in the session
 * parameters; a browser has none, so it makes a random id once and keeps it on the device.
 */
const KEY = 'hiram.web-device-id';
/** What a browser visitor's calls give as appName. */
export const WEB_APP_NAME = 'web';

let fallback: string | undefined;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function webDeviceId(): string {
  try {
    const kept = window.localStorage.getItem(KEY);
    if (kept && /^web-[0-9a-f]{32}$/.test(kept)) return kept;
    const made = randomId();
    window.localStorage.setItem(KEY, made);
    return made;
  } catch {
    // Storage off: one id for this visit.
    fallback ??= randomId();
    return fallback;
  }
}
