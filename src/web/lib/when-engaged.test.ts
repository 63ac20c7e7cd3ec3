import { describe, expect, it, vi } from 'vitest';
import { engagementGate } from './when-engaged';

describe('lib/when-engaged (code a page needs soon, loaded once it is touched)', () => {
  it('waits for the first touch, scroll or key, runs each waiting task once, then runs new ones at once', () => {
    // A gate of its own: the page's gate opened in whichever test touched the page first.
    const whenEngaged = engagementGate(window);
    const first = vi.fn();
    const second = vi.fn();
    whenEngaged(first);
    whenEngaged(second);
    expect(first).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    whenEngaged(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('runs nothing where there is no window', () => {
    const work = vi.fn();
    engagementGate(undefined)(work);
    expect(work).not.toHaveBeenCalled();
  });
});
