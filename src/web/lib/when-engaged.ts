const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'scroll'] as const;
const waiting: (() => void)[] = [];
let engaged = false;

function onFirst(): void {
  engaged = true;
  for (const event of EVENTS) window.removeEventListener(event, onFirst, true);
  for (const run of waiting.splice(0)) run();
}

/**
 * Runs `work` once the visitor first touches, scrolls or types on the page (at once if they have).
 * For code a page may need soon after, not to paint: the toast, overlays. Loaded then, it costs a
 * borrower who only reads nothing, and usually arrives before the tap it serves.
 */
export function whenEngaged(work: () => void): void {
  if (typeof window === 'undefined') return;
  if (engaged) {
    work();
    return;
  }
  if (waiting.length === 0)
    for (const event of EVENTS) window.addEventListener(event, onFirst, { capture: true, passive: true });
  waiting.push(work);
}
