export { EXPIRY_DEDUPE_MS, onSessionExpired, resetSessionExpiry } from './expiry';
export {
  clearSession,
  getSession,
  initSessionFromUrl,
  SESSION_STORAGE_KEY,
  type Session,
  type SessionValues,
  setSession,
  subscribeSession,
} from './session';
