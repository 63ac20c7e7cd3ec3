import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown (the 60 s SMS resend wait, spec 000 §9). It counts from a deadline, not by
 * ticks, so a phone that throttles timers in the background still shows the true time left.
 */
export function useCountdown(): { secondsLeft: number; running: boolean; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setSecondsLeft(seconds);
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setDeadline(null);
    };
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [deadline]);

  return { secondsLeft, running: secondsLeft > 0, start };
}
