import type { Toast as AntdToast } from './antd-mobile';
import { TOAST_DEFAULT_MS, TOAST_INFO_MS, TOAST_MIN_MS } from '../../shared/constants';

type ToastApi = typeof AntdToast;

// antd-mobile's Toast (with its mask and animation library, about 25 KB gzip) is loaded on first
// use or once the page is touched (main.tsx calls preloadToast), not with every page. Once loaded, every call acts at
// once; calls made before run in order as soon as it arrives.
let toastApi: ToastApi | undefined;
let loading: Promise<ToastApi> | undefined;

/** Loads the toast code ahead of need (main.tsx calls it once the page is touched). */
export function preloadToast(): Promise<ToastApi> {
  loading ??= import('./antd-toast').then(({ Toast }) => {
    toastApi = Toast;
    return Toast;
  });
  return loading;
}

function withToast(act: (toast: ToastApi) => void): void {
  if (typeof document === 'undefined') return; // a page rendered on the server shows no toast
  if (toastApi) act(toastApi);
  else void preloadToast().then(act);
}

/** spec 000 §9: default 3 s; a duration of 300 ms or less (or none) falls back to it. */
export function toastDuration(ms?: number): number {
  return ms === undefined || !Number.isFinite(ms) || ms <= TOAST_MIN_MS ? TOAST_DEFAULT_MS : ms;
}

// antd-mobile keeps one toast on screen; a new one replaces the old. These two track whether the
// toast on screen is a loading toast and how many calls still wait on it, so one call's reply
// never closes a message toast another call put up.
let pendingLoads = 0;
let loadingOnScreen = false;

const LIVE_REGION_ID = 'hiram-toast-announcer';

/**
 * antd-mobile renders toasts inside a mask marked aria-hidden, so a screen reader never reads
 * them. Each message is also written to one visually hidden alert region.
 */
function announce(message: string): void {
  if (typeof document === 'undefined') return;
  let region = document.getElementById(LIVE_REGION_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = LIVE_REGION_ID;
    region.className = 'visually-hidden';
    region.setAttribute('role', 'alert');
    region.setAttribute('aria-atomic', 'true');
    document.body.appendChild(region);
  }
  // The same text written twice is not read again: vary it with an invisible trailing space.
  region.textContent = region.textContent === message ? `${message}\u00a0` : message;
}

/**
 * The mask class of a message toast: global.css lets taps through its box, so a toast over a
 * button (the "code sent" notice over Sign in) never swallows the tap meant for the button.
 */
export const MESSAGE_TOAST_CLASS = 'hiram-message-toast';

/** A message toast (server messages, warnings), also announced to screen readers. */
export function showToast(message: string, durationMs?: number): void {
  loadingOnScreen = false;
  const duration = toastDuration(durationMs);
  withToast((toast) => toast.show({ content: message, duration, maskClassName: MESSAGE_TOAST_CLASS }));
  announce(message);
}

/** spec 000 §9: the standard information toast, 2 s. */
export function showInfo(message: string): void {
  showToast(message, TOAST_INFO_MS);
}

/** A loading toast that stays until the returned function is called (calling it twice is harmless). */
export function showLoading(message: string): () => void {
  pendingLoads += 1;
  loadingOnScreen = true;
  withToast((toast) => toast.show({ icon: 'loading', content: message, duration: 0, maskClickable: false }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pendingLoads = Math.max(0, pendingLoads - 1);
    if (pendingLoads === 0 && loadingOnScreen) {
      loadingOnScreen = false;
      withToast((toast) => toast.clear());
    }
  };
}

export function clearToasts(): void {
  pendingLoads = 0;
  loadingOnScreen = false;
  withToast((toast) => toast.clear());
}
