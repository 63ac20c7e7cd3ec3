import { type RefObject, useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown as a modal once it mounts: focus stays inside it, Back and Escape close it,
 * and the page behind is hidden from screen readers, with no script of its own. (happy-dom, in
 * the unit tests, has no showModal: it is opened plainly there.)
 */
export function useModal(): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return ref;
}
