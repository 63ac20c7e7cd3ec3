import { getSession } from './session';

/**
 * What this device remembers of the borrower who last signed in on it, beyond any session: the
 * phone (to fill the sign-in form again after a session expired) and whose unsaved form drafts
 * are kept here. Signing out forgets both; another borrower signing in replaces them, and the
 * drafts of the one before are dropped.
 */
const KEY = 'hiram.last-borrower';
export const DRAFT_PREFIX = 'hiram.draft.';

interface Remembered {
  userId: string;
  phone: string;
}

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(): Remembered | null {
  try {
    const raw = store()?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') {
      const { userId, phone } = parsed as Partial<Remembered>;
      if (typeof userId === 'string' && typeof phone === 'string') return { userId, phone };
    }
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

function dropDrafts(except?: string): void {
  const s = store();
  if (!s) return;
  const keep = except === undefined ? null : `${DRAFT_PREFIX}${except}.`;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key?.startsWith(DRAFT_PREFIX) && (keep === null || !key.startsWith(keep))) keys.push(key);
  }
  for (const key of keys) s.removeItem(key);
}

/** After a sign-in on the web. */
export function rememberBorrower(userId: string, phone: string): void {
  const before = read();
  if (before && before.userId !== userId) dropDrafts(userId);
  try {
    store()?.setItem(KEY, JSON.stringify({ userId, phone }));
  } catch {
    // Storage off: nothing is remembered, and nothing breaks.
  }
}

/** After signing out on purpose: nothing of the borrower stays on the device. */
export function forgetBorrower(): void {
  dropDrafts();
  store()?.removeItem(KEY);
}

/** The phone to fill the sign-in form with, if a borrower signed in here and did not sign out. */
export function rememberedPhone(): string {
  return read()?.phone ?? '';
}

/** Whose drafts this tab reads and writes: the session's borrower, else the one remembered here. */
export function draftOwner(): string | null {
  return getSession().userId ?? read()?.userId ?? null;
}
