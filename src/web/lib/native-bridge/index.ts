/** architecture.md: Native bridge: the only module that talks to the host app. */
export {
  bankFlowEnd,
  bankFlowStart,
  closeWebview,
  dialPhone,
  goHome,
  goToMine,
  goToPage,
  goToRate,
  loginHref,
  logOutToLogin,
  type NativePageKey,
  openPage,
  type PageParams,
  trackingPoint,
} from './bridge';
export {
  type FallbackNavigate,
  type FallbackOptions,
  type FallbackTarget,
  fallbackNavigate,
  setFallbackNavigate,
} from './fallback-navigate';
export { type HookName, isInNativeApp } from './host';
