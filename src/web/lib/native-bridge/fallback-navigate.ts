/**
 * Where a native hook goes when there is no host app (a plain phone browser). Every browser
 * fallback navigates through `fallbackNavigate`, so the app can hand it the router and tests can
 * observe it. `-1` means "the previous page".
 */
export type FallbackTarget = string | -1;
export interface FallbackOptions {
  replace?: boolean;
}
export type FallbackNavigate = (to: FallbackTarget, options?: FallbackOptions) => void;

const browserNavigate: FallbackNavigate = (to, options) => {
  if (to === -1) window.history.back();
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: FallbackNavigate = browserNavigate;

/** Installs a navigator (the app's router, or a test spy); no argument restores the browser's. */
export function setFallbackNavigate(navigate?: FallbackNavigate): void {
  current = navigate ?? browserNavigate;
}

export function fallbackNavigate(to: FallbackTarget, options?: FallbackOptions): void {
  current(to, options);
}
