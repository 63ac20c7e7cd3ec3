import { useEffect, useRef } from 'react';
import { DRAFT_PREFIX, draftOwner } from '../../lib/session';
import type { Values } from './form-values';

/** A draft older than this is dropped rather than restored. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface Stored {
  savedAt: number;
  values: Values;
}

const keyOf = (section: string) => {
  const owner = draftOwner();
  return owner === null ? null : `${DRAFT_PREFIX}${owner}.apply.${section}`;
};

/**
 * Typed but unsaved answers of one application step, kept on this device for the borrower who
 * typed them (lib/session/remembered-borrower.ts), so a reload, a session that expired and the
 * sign-in after it lose nothing. Only the step's own item codes are read back.
 */
export function readDraft(section: string, codes: readonly string[], now = Date.now()): Values {
  const key = keyOf(section);
  if (key === null) return {};
  try {
    const raw = window.localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : null;
    if (!parsed || typeof parsed.savedAt !== 'number' || now - parsed.savedAt > DRAFT_MAX_AGE_MS) {
      if (raw) window.localStorage.removeItem(key);
      return {};
    }
    const values = parsed.values ?? {};
    return Object.fromEntries(codes.filter((c) => typeof values[c] === 'string').map((c) => [c, values[c] as string]));
  } catch {
    return {};
  }
}

export function writeDraft(section: string, values: Values): void {
  const key = keyOf(section);
  if (key === null) return;
  try {
    window.localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), values } satisfies Stored));
  } catch {
    // Storage full or off: the form still works, the draft is just not kept.
  }
}

export function clearDraft(section: string): void {
  const key = keyOf(section);
  if (key === null) return;
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** Keeps the step's values as a draft whenever the borrower changes them (not on first render). */
export function useKeepDraft(section: string, values: Values): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    writeDraft(section, values);
  }, [section, values]);
}
