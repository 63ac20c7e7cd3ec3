import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a page is rendered on the server and while the browser hydrates that HTML; true
 * once the page runs (at once when the browser renders it itself). Controls that would not answer
 * a tap yet use it to look and be unavailable until they do.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
