/**
 * The app rendered outside a browser, built into dist/web/.ssr by scripts/web-pages.ts:
 *
 * - `renderPage` gives the HTML of a static page (the official site, about us, privacy, …), so its
 *   content paints before any script runs. The server renders each static page once per start
 *   (src/server/plugins/web-pages.ts), answering the page's public reads (queries whose call is a
 *   GET without a session, such as the lender's identity from configuration) in-process, and sends
 *   their data along so the browser's first render matches and hydrates.
 * - `renderedModules` tells the build which lazily loaded modules a route renders, so the build
 *   knows each page's scripts and stylesheets (first-load budgets, preload links).
 */
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { type PageName, pages } from '../../shared/pages';
import { setTransport } from '../lib/api';
import { composePage } from './document';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

export { pages };
export type { PageName };

/** Set by the build's instrumentation (scripts/web-pages.ts) in every lazily loaded module. */
declare global {
  var __hiramRendered: Set<string> | undefined;
}

async function renderOnce(location: string, client: QueryClient): Promise<string> {
  const tree = (
    <StrictMode>
      <AppProviders queryClient={client}>
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
  // A component that cannot render on a server is left for the browser (its Suspense boundary
  // renders on the client); that is not an error of the page.
  const { prelude } = await prerenderToNodeStream(tree, { onError: () => undefined });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** Queries a page asked for while rendering whose call is a public read (lib/api/query.ts). */
function pendingPublicReads(client: QueryClient) {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.meta?.publicRead === true);
}

export interface RenderOptions {
  /** The built index.html, with this page's stylesheets and preloads already in <head>. */
  shell: string;
  /** Answers the page's public reads; without it they render as loading. */
  fetch?: typeof fetch;
}

/** A static page's whole document. */
export async function renderPage(location: string, { shell, fetch }: RenderOptions): Promise<string> {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  if (fetch) setTransport(fetch);
  let markup = await renderOnce(location, client);
  // A page may ask for more once the first answers are in: a few rounds, then whatever is left loads in the browser.
  for (let round = 0; fetch && round < 3; round++) {
    const pending = pendingPublicReads(client);
    if (pending.length === 0) break;
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    markup = await renderOnce(location, client);
  }
  const state: DehydratedState = dehydrate(client);
  return composePage(shell, markup, state.queries.length > 0 ? state : undefined);
}

/** The lazily loaded modules a route renders (paths from the web root), for the build. */
export async function renderedModules(location: string): Promise<string[]> {
  const seen = new Set<string>();
  globalThis.__hiramRendered = seen;
  try {
    await renderOnce(location, createQueryClient());
  } finally {
    globalThis.__hiramRendered = undefined;
  }
  return [...seen].sort();
}
