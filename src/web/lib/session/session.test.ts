import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logOutToLogin } from '../native-bridge';
import {
  answerSwitch,
  clearSession,
  endSession,
  getPendingSwitch,
  isWebSignedIn,
  markWebSignedIn,
  EXPIRY_DEDUPE_MS,
  getSession,
  initSessionFromUrl,
  onSessionExpired,
  resetSessionExpiry,
  SESSION_STORAGE_KEY,
  setSession,
  subscribeSession,
} from './index';

vi.mock('../native-bridge', () => ({ logOutToLogin: vi.fn() }));

function openAt(address: string) {
  window.history.replaceState(null, '', address);
}

function stored(): unknown {
  return JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
}

beforeEach(() => {
  endSession();
  resetSessionExpiry();
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
  openAt('/');
});

describe('session from the entry address (architecture.md: Sessions)', () => {
  it('architecture.md: Sessions: session parameters are kept in sessionStorage and removed from the address bar', () => {
    openAt(
      '/loanDetail?productId=1&sessionId=abc&userId=7&deviceId=d1&appVersion=2.3.0&appName=hiram&clientType=android&merchantNumber=0&orderId=86#top',
    );
    const session = initSessionFromUrl();
    const expected = {
      sessionId: 'abc',
      userId: '7',
      deviceId: 'd1',
      appVersion: '2.3.0',
      appName: 'hiram',
      clientType: 'android',
      merchantNumber: '0',
    };
    expect(session).toEqual(expected);
    expect(stored()).toEqual(expected);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/loanDetail?productId=1&orderId=86#top',
    );
  });

  it('architecture.md: Sessions: an address without session parameters is left alone and the kept session stays', () => {
    setSession({ sessionId: 'kept', userId: '1' });
    openAt('/repay?productId=2&orderId=3');
    expect(initSessionFromUrl()).toEqual({ sessionId: 'kept', userId: '1' });
    expect(window.location.search).toBe('?productId=2&orderId=3');
  });

  it('in the native app a new sessionId starts a new session (nothing of the previous borrower stays)', () => {
    setSession({ sessionId: 'old', userId: '1', deviceId: 'd-old' });
    openAt('/home?sessionId=new&userId=2');
    expect(initSessionFromUrl({ trustAddressSession: true })).toEqual({ sessionId: 'new', userId: '2' });
    expect(window.location.search).toBe('');
  });

  it('in a browser a different sessionId waits for the borrower: switch or keep', () => {
    setSession({ sessionId: 'old', userId: '1' });
    openAt('/home?sessionId=new&userId=2');
    expect(initSessionFromUrl()).toEqual({ sessionId: 'old', userId: '1' });
    expect(window.location.search).toBe('');
    expect(getPendingSwitch()).toEqual({ sessionId: 'new', userId: '2' });
    answerSwitch(false);
    expect(getPendingSwitch()).toBeNull();
    expect(getSession()).toEqual({ sessionId: 'old', userId: '1' });

    openAt('/home?sessionId=new&userId=2');
    initSessionFromUrl();
    answerSwitch(true);
    expect(getSession()).toEqual({ sessionId: 'new', userId: '2' });
  });

  it('a browser signed in by the web login (cookie) is asked too; a fresh tab is not', () => {
    markWebSignedIn('5');
    openAt('/home?sessionId=link');
    initSessionFromUrl();
    expect(getPendingSwitch()).toEqual({ sessionId: 'link' });
    endSession();
    expect(isWebSignedIn()).toBe(false);
    openAt('/home?sessionId=link');
    expect(initSessionFromUrl()).toEqual({ sessionId: 'link' });
    expect(getPendingSwitch()).toBeNull();
  });

  it('the same sessionId again is no switch', () => {
    setSession({ sessionId: 'same', userId: '1' });
    openAt('/home?sessionId=same&appVersion=2');
    expect(initSessionFromUrl()).toEqual({ sessionId: 'same', userId: '1', appVersion: '2' });
    expect(getPendingSwitch()).toBeNull();
  });

  it('architecture.md: Sessions: session parameters without a sessionId are merged into the kept session', () => {
    setSession({ sessionId: 'kept', userId: '1' });
    openAt('/home?appVersion=3.0.0');
    expect(initSessionFromUrl()).toEqual({ sessionId: 'kept', userId: '1', appVersion: '3.0.0' });
  });

  it('architecture.md: Sessions: the session survives a reload of the tab (read back from sessionStorage)', async () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ sessionId: 's', userId: '9', other: 'x' }));
    vi.resetModules();
    const fresh = await import('./session');
    expect(fresh.getSession()).toEqual({ sessionId: 's', userId: '9' });
  });
});

describe('setSession, clearSession, subscribeSession', () => {
  it('architecture.md: Sessions: setSession after the web login keeps sessionId and userId, and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession({ sessionId: 'web-1', userId: '42' });
    expect(getSession()).toEqual({ sessionId: 'web-1', userId: '42' });
    expect(stored()).toEqual({ sessionId: 'web-1', userId: '42' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    clearSession();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clearSession empties the session and its storage', () => {
    setSession({ sessionId: 'x' });
    clearSession();
    expect(getSession()).toEqual({});
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('getSession returns the same object until the session changes', () => {
    setSession({ sessionId: 'x' });
    const first = getSession();
    expect(getSession()).toBe(first);
    setSession({ userId: '1' });
    expect(getSession()).not.toBe(first);
  });
});

describe('onSessionExpired (architecture.md: Sessions)', () => {
  it('architecture.md: Sessions: clears the session and calls the native logOutToLogin once per burst', () => {
    vi.useFakeTimers();
    setSession({ sessionId: 'x', userId: '1' });
    onSessionExpired();
    onSessionExpired();
    expect(getSession()).toEqual({});
    expect(logOutToLogin).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(EXPIRY_DEDUPE_MS);
    onSessionExpired();
    expect(logOutToLogin).toHaveBeenCalledTimes(2);
  });
});
