import { describe, expect, it } from 'vitest';
import { complaintReplyBy } from './complaint-reply';

describe('spec 000 §9 complaint reply within 3 working days', () => {
  it('counts weekdays from the day after filing, in Manila', () => {
    // Friday 27 Nov 2026 → Mon, Tue, Wed.
    expect(complaintReplyBy('2026-11-27T03:00:00Z')).toBe('2026-12-02');
    // Monday → Thursday.
    expect(complaintReplyBy('2026-11-23T03:00:00Z')).toBe('2026-11-26');
    // Saturday → Mon, Tue, Wed.
    expect(complaintReplyBy('2026-11-28T03:00:00Z')).toBe('2026-12-02');
    // 23:30 UTC on Sunday is Monday 07:30 in Manila → Thursday.
    expect(complaintReplyBy('2026-11-22T23:30:00Z')).toBe('2026-11-26');
  });
});
