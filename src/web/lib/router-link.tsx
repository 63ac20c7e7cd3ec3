import { forwardRef, type MouseEvent } from 'react';
import { type LinkProps, useHref, useLinkClickHandler } from 'react-router';

/** A scheme (`https:`, `tel:`, `mailto:`) or a protocol-relative `//host`: a link out of the app. */
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * react-router's <Link>, as the web build provides it (src/web/lib/react-router.ts): the same
 * navigation, built from react-router's own `useHref` and `useLinkClickHandler`, without the
 * framework-mode prefetching (route matching, <PrefetchPageLinks>) that react-router's Link always
 * bundles and that does nothing under <BrowserRouter>: about 4 KB gzip off every page.
 * Differences: `prefetch`, `discover` and `mask` are ignored; an absolute URL always leaves the app.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    onClick,
    relative,
    reloadDocument,
    replace,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    discover: _discover,
    prefetch: _prefetch,
    mask: _mask,
    defaultShouldRevalidate: _revalidate,
    ...rest
  },
  ref,
) {
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = useHref(external ? '.' : to, { relative });
  const navigate = useLinkClickHandler(to, { replace, state, target, preventScrollReset, relative, viewTransition });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && !external && !reloadDocument) navigate(event);
  };
  return <a {...rest} ref={ref} href={external ? (to as string) : href} target={target} onClick={handleClick} />;
});
