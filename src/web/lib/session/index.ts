export { EXPIRY_DEDUPE_MS, onSessionExpired, resetSessionExpiry } from './expiry';
export {
  answerSwitch,
  clearSession,
  endSession,
  getPendingSwitch,
  getSession,
  type InitOptions,
  isWebSignedIn,
  markWebSignedIn,
  initSessionFromUrl,
  SESSION_STORAGE_KEY,
  type Session,
  type SessionValues,
  setSession,
  subscribeSession,
} from './session';
export { DRAFT_PREFIX, draftOwner, forgetBorrower, rememberBorrower, rememberedPhone } from './remembered-borrower';
export { WEB_APP_NAME, webDeviceId } from './web-device';
