/**
 * The router the pages use: wouter (about 1.5 KB) underneath, with the few things the pages
 * need from it, named as they were under react-router. Every page, test and the app import
 * routing from here, never from 'wouter' itself (biome.json forbids it), so this file is the
 * one place that knows which router runs.
 *
 * - `BrowserRouter` in the browser, `StaticRouter` for the server render (wouter's `ssrPath`),
 *   `MemoryRouter` in tests;
 * - `useLocation`: pathname, search (with its `?`), hash (the promotion's `#/…` routes) and
 *   `key`, which is `'default'` on the page the app or browser opened first and new with every
 *   navigation (so "back" can tell whether there is a page of ours behind this one);
 * - `useNavigate`: to an address or `{ pathname, search, hash }`, `replace`, or `-1` for back;
 * - `useSearchParams`, with a setter; `<Link>`.
 */
import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { type BaseLocationHook, Router, useRouter } from 'wouter';
import { useLocationProperty, usePathname, useSearch } from 'wouter/use-browser-location';

/** Where to go: an address, or its parts (`pathname` defaults to the current one). */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
}

export interface Location {
  pathname: string;
  /** `?…`, or empty. */
  search: string;
  /** `#…`, or empty. */
  hash: string;
  /** `'default'` on the first page of this visit; new with every navigation. */
  key: string;
}

/** What a location source adds to wouter's (path, search): the hash, the entry's key and going back. */
interface Extras {
  useHash(): string;
  useKey(): string;
  back(): void;
}

type Hook = BaseLocationHook & { extras?: Extras };

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The key of a history entry we pushed (react-router wrote `{ key }` into history.state the same way). */
function keyOf(state: unknown): string {
  const key = typeof state === 'object' && state !== null ? (state as { key?: unknown }).key : undefined;
  return typeof key === 'string' ? key : 'default';
}

const browserExtras: Extras = {
  useHash: () =>
    useLocationProperty(
      () => location.hash,
      () => '',
    ),
  useKey: () =>
    useLocationProperty(
      () => keyOf(history.state),
      () => 'default',
    ),
  back: () => history.back(),
};

function browserNavigate(to: string, options: NavigateOptions = {}): void {
  // wouter's history patch tells its subscribers (and so every useLocation) of the change.
  history[options.replace ? 'replaceState' : 'pushState']({ key: newKey() }, '', to);
}

const browserHook: Hook = Object.assign(
  (options?: { ssrPath?: string }): [string, typeof browserNavigate] => [usePathname(options), browserNavigate],
  { searchHook: useSearch, extras: browserExtras },
);

/** The address bar's location. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router hook={browserHook}>{children}</Router>;
}

/** One fixed address (path and query), for rendering on the server. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router hook={browserHook} ssrPath={location}>
      {children}
    </Router>
  );
}

/** Splits an address into its parts (`search` and `hash` keep their `?` and `#`). */
function parse(address: string): Omit<Location, 'key'> {
  const hashAt = address.indexOf('#');
  const hash = hashAt >= 0 ? address.slice(hashAt) : '';
  const rest = hashAt >= 0 ? address.slice(0, hashAt) : address;
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: searchAt >= 0 && searchAt < rest.length - 1 ? rest.slice(searchAt) : '',
    hash: hash === '#' ? '' : hash,
  };
}

/** A history of its own, for tests: starts at the last of `initialEntries`. */
function memoryHook(initialEntries: readonly string[]): Hook {
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((address, index) => ({
    ...parse(address),
    key: index === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  let listeners: Array<() => void> = [];
  const subscribe = (listener: () => void) => {
    listeners = [...listeners, listener];
    return () => {
      listeners = listeners.filter((other) => other !== listener);
    };
  };
  const current = () => entries[index] as Location;
  const moved = () => {
    for (const listener of listeners) listener();
  };
  const navigate = (to: string, options: NavigateOptions = {}) => {
    const entry = { ...parse(to), key: newKey() };
    if (options.replace) entries[index] = entry;
    else {
      entries.splice(index + 1, entries.length, entry);
      index += 1;
    }
    moved();
  };
  const use = <T,>(pick: (location: Location) => T) => useSyncExternalStore(subscribe, () => pick(current()));
  return Object.assign((): [string, typeof navigate] => [use((l) => l.pathname), navigate], {
    searchHook: () => use((l) => l.search),
    extras: {
      useHash: () => use((l) => l.hash),
      useKey: () => use((l) => l.key),
      back: () => {
        if (index === 0) return;
        index -= 1;
        moved();
      },
    },
  });
}

/** A router with a history in memory, for tests. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [hook] = useState(() => memoryHook(initialEntries));
  return <Router hook={hook}>{children}</Router>;
}

function useSource() {
  const router = useRouter();
  const hook = router.hook as Hook;
  return { router, hook, extras: hook.extras ?? browserExtras };
}

/** The current location (see the file comment). */
export function useLocation(): Location {
  const { router, hook, extras } = useSource();
  const [pathname] = hook(router);
  const search = router.searchHook(router);
  const hash = extras.useHash();
  const key = extras.useKey();
  return useMemo(
    () => ({
      pathname,
      search: search && search !== '?' ? (search[0] === '?' ? search : `?${search}`) : '',
      hash,
      key,
    }),
    [pathname, search, hash, key],
  );
}

/** The address of `to`, from the current pathname when it names none. */
export function addressOf(to: To, pathname: string): string {
  if (typeof to === 'string') return to;
  const search = to.search && to.search !== '?' ? (to.search[0] === '?' ? to.search : `?${to.search}`) : '';
  const hash = to.hash && to.hash !== '#' ? (to.hash[0] === '#' ? to.hash : `#${to.hash}`) : '';
  return `${to.pathname ?? pathname}${search}${hash}`;
}

export type Navigate = (to: To | -1, options?: NavigateOptions) => void;

/** Moves to another address within the app, or back (`-1`). */
export function useNavigate(): Navigate {
  const { router, hook, extras } = useSource();
  const [pathname, navigate] = hook(router);
  return useMemo<Navigate>(
    () => (to, options) => {
      if (to === -1) extras.back();
      else navigate(addressOf(to, pathname), options);
    },
    [extras, navigate, pathname],
  );
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

/** The query of the current address, and a setter that moves to the same page with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: SearchParamsInit, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, options);
  };
  return [params, setParams];
}

/** A scheme (`https:`, `tel:`, `mailto:`) or a protocol-relative `//host`: a link out of the app. */
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  /** Replace the current entry instead of adding one (the default when `to` is where we are). */
  replace?: boolean;
  /** Load the address as a new document. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link within the app: a real `<a href>` (opens in a new tab, shows its address), moving without
 * a reload on a plain click; the page's own onClick runs first and may prevent it. A click with a
 * modifier key, another button, or into another target is left to the browser; an address with a
 * scheme leaves the app.
 */
export function Link({ to, replace, reloadDocument, onClick, target, ref, ...rest }: LinkProps) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const address = external ? (to as string) : addressOf(to, pathname);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || external || reloadDocument || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(address, { replace: replace ?? address === `${pathname}${search}${hash}` });
  };
  return <a {...rest} ref={ref} href={address} target={target} onClick={handleClick} />;
}
