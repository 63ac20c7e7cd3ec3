import { describe, expect, it } from 'vitest';
import { secondsToNextEdge } from './clear-of-window-edge';

describe('the wait before a rate-limit window edge', () => {
  it('counts the seconds to the next quarter hour UTC, where every window of the limiter ends', () => {
    expect(secondsToNextEdge(Date.parse('2026-11-26T03:59:50Z'))).toBe(10);
    expect(secondsToNextEdge(Date.parse('2026-11-26T04:00:00Z'))).toBe(900);
    expect(secondsToNextEdge(Date.parse('2026-11-26T04:14:59.500Z'))).toBe(0.5);
  });

  it('runs before every server test: this one never starts within 20 s of an edge', () => {
    expect(secondsToNextEdge(Date.now())).toBeGreaterThanOrEqual(19);
  });
});
