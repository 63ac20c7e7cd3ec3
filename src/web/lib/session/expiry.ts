import { logOutToLogin } from '../native-bridge';
import { endSession } from './session';

/**
 * Replies of one burst of calls (a page loading several things) arrive one by one; only the first
 * expired reply logs out. After this window an expired reply logs out again, so a borrower who
 * comes back to a page without signing in is sent to the login again.
 */
export const EXPIRY_DEDUPE_MS = 3_000;

let lastHandledAt = Number.NEGATIVE_INFINITY;

/**
 * architecture.md: Sessions: the one place that reacts to a missing or expired session: it clears the session
 * and asks the host app to log out to its login (in a browser: the web login page). The API
 * client calls it and never navigates itself.
 */
export function onSessionExpired(): void {
  const now = Date.now();
  if (now - lastHandledAt < EXPIRY_DEDUPE_MS) return;
  lastHandledAt = now;
  endSession();
  logOutToLogin();
}

/** For tests: forget the last expiry so the next one is handled. */
export function resetSessionExpiry(): void {
  lastHandledAt = Number.NEGATIVE_INFINITY;
}
