import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown (spec 000 §9 resend countdown)', () => {
  it('spec 000 §9: counts 60 s down to ready', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(60));
    expect(result.current).toMatchObject({ running: true, secondsLeft: 60 });
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => void vi.advanceTimersByTime(58_000));
    expect(result.current.secondsLeft).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ running: false, secondsLeft: 0 });
  });

  it('counts from the deadline, so late timer ticks do not stretch the wait', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // a throttled phone: the clock moves 30 s while only one tick fires
    act(() => {
      vi.setSystemTime(Date.now() + 29_500);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.secondsLeft).toBe(30);
  });
});
