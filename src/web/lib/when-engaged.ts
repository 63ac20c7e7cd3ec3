const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'scroll'] as const;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * A gate on `target`: work given to it runs once the visitor first touches, scrolls or types
 * there (at once if they have). None runs where there is no window (the server's render).
 */
export function engagementGate(target: Target | undefined): (work: () => void) => void {
  const waiting: (() => void)[] = [];
  let engaged = false;
  function onFirst(): void {
    engaged = true;
    for (const event of EVENTS) target?.removeEventListener(event, onFirst, true);
    for (const run of waiting.splice(0)) run();
  }
  return (work) => {
    if (!target) return;
    if (engaged) {
      work();
      return;
    }
    if (waiting.length === 0)
      for (const event of EVENTS) target.addEventListener(event, onFirst, { capture: true, passive: true });
    waiting.push(work);
  };
}

/**
 * Runs `work` once the visitor first touches, scrolls or types on the page (at once if they have).
 * For code a page may need soon after, not to paint: the toast, overlays. Loaded then, it costs a
 * borrower who only reads nothing, and usually arrives before the tap it serves.
 */
export const whenEngaged = engagementGate(typeof window === 'undefined' ? undefined : window);
