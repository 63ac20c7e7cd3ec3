/** The hooks the host app answers (spec 000 §1, architecture.md: Native bridge), named as on both platforms. */
export type HookName =
  | 'openPage'
  | 'closeWebview'
  | 'goToPage'
  | 'goHome'
  | 'goToMine'
  | 'logOutToLogin'
  | 'dialPhone'
  | 'goToRate'
  | 'trackingPoint'
  | 'bankFlowStart'
  | 'bankFlowEnd';

/** Android: a JavascriptInterface object whose methods take one JSON string. */
export type AndroidHost = Partial<Record<HookName, (json: string) => void>>;

interface IosHandler {
  postMessage(payload: unknown): void;
}

export interface HostWindow {
  HiramNative?: AndroidHost;
  webkit?: { messageHandlers?: Partial<Record<string, IosHandler>> };
}

function hostWindow(): HostWindow {
  return window as unknown as HostWindow;
}

/**
 * Sends one hook to the host app. Returns false when no host answers this hook (a plain browser,
 * or an app version without it), so the caller runs its browser fallback.
 */
export function sendToHost(name: HookName, payload: Record<string, unknown> = {}): boolean {
  const w = hostWindow();
  try {
    const android = w.HiramNative;
    const method = android?.[name];
    if (typeof method === 'function') {
      method.call(android, JSON.stringify(payload));
      return true;
    }
    const ios = w.webkit?.messageHandlers?.[name];
    if (ios && typeof ios.postMessage === 'function') {
      ios.postMessage(payload);
      return true;
    }
  } catch {
    // A host hook that throws is treated as absent: the browser fallback keeps the journey going.
  }
  return false;
}

/** True inside the lender's app (either platform). */
export function isInNativeApp(): boolean {
  const w = hostWindow();
  return Boolean(w.HiramNative) || Boolean(w.webkit?.messageHandlers?.closeWebview);
}
