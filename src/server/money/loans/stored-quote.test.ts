import { describe, expect, it } from 'vitest';
import { quoteLoan } from '../../domain/loan';
import { legacyStoredQuote, makeProduct } from '../../domain/loan/test-support';
import { QUOTE_VERSION, readAcceptedQuote, storedAcceptedQuote } from './stored-quote';
import { StoredStateError } from './stored-state';

/** A stored quote as JSON keeps it (dates and numbers only, no shared references). */
const asStored = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const fresh = quoteLoan(makeProduct(), 500_000, '2026-05-04');

describe('the accepted quote kept on a loan: a schema and a version', () => {
  it('version 1, as written now, reads back exactly the quote written', () => {
    const stored = asStored(storedAcceptedQuote(fresh));
    expect(stored).toMatchObject({ version: QUOTE_VERSION });
    expect(readAcceptedQuote(stored, 7)).toEqual(fresh);
  });

  it('version 0 in today’s shape (no version field) reads as it is', () => {
    expect(readAcceptedQuote(asStored(fresh))).toEqual(fresh);
  });

  it('version 0 from before the regime table is upgraded: same figures, its regime read from its terms', () => {
    const old = quoteLoan(makeProduct(), 500_000, '2025-01-01');
    const stored = asStored(legacyStoredQuote(old));
    const read = readAcceptedQuote(stored, 12);
    expect(read.terms).toMatchObject({ ceiling: 'bsp-1133', limits: null });
    expect(read.netProceeds).toBe(old.netProceeds);
    expect(read.installments).toEqual(old.installments);
    expect(read.disclosure).toEqual(old.disclosure);
  });

  it('a malformed quote is refused with the order and the field named, never computed on', () => {
    const broken = asStored({ ...fresh, netProceeds: '485000' });
    expect(() => readAcceptedQuote(broken, 42)).toThrow(StoredStateError);
    expect(() => readAcceptedQuote(broken, 42)).toThrow(/Order 42 has a malformed accepted quote: netProceeds/);
    expect(() => readAcceptedQuote(asStored({ ...fresh, installments: [] }), 42)).toThrow(/installments/);
    expect(() => readAcceptedQuote({ ...fresh, version: 9 }, 42)).toThrow(/unknown version 9/);
  });
});
