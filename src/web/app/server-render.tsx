/**
 * The app rendered outside a browser, built into dist/web/.ssr by scripts/web-pages.ts:
 *
 * - `renderPage` gives the HTML of a static page (the official site, about us, privacy, …), so its
 *   content paints before any script runs. The server renders each static page once per start
 *   (src/server/plugins/web-pages.ts), answering the page's public reads (queries whose call is a
 *   GET without a session, such as the lender's identity from configuration) in-process, and sends
 *   their data along so the browser's first render matches and hydrates.
 * - `renderPage` with `reads: 'all'` gives a borrower's page with their data in it: the
 *   server renders it on each request that carries a session, answering every read the page makes
 *   in-process with that borrower's session, so the page paints from its HTML instead of after
 *   its scripts and calls. A render in which any read fails is refused (the server then sends the
 *   page's shell, and the browser shows the failure as it always has).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from '../lib/router';
import { type PageName, pages } from '../../shared/pages';
import { setTransport } from '../lib/api';
import { composePage } from './document';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

export { pages };
export type { PageName };

/** Errors of the last render: a part that cannot render on a server (left to the browser). */
interface Rendered {
  html: string;
  errors: unknown[];
}

async function renderOnce(location: string, client: QueryClient): Promise<Rendered> {
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
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(tree, { onError: (error) => void errors.push(error) });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, errors };
}

/** Which reads a render answers: public ones (a static page), or all (a borrower's page, with their session). */
export type RenderReads = 'public' | 'all';

/** Queries a page asked for while rendering that this render answers (lib/api/query.ts marks public reads). */
function pendingReads(client: QueryClient, reads: RenderReads) {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && (reads === 'all' || query.meta?.publicRead === true));
}

/**
 * Each render's transport: renders run concurrently (one per request for a borrower's page), so
 * the API client's one transport looks up the render it is called from.
 */
const renderFetch = new AsyncLocalStorage<typeof fetch>();
setTransport((input, init) => {
  const transport = renderFetch.getStore();
  return transport ? transport(input, init) : Promise.reject(new Error('server render: a call outside a render'));
});

export interface RenderOptions {
  /** The built index.html, with this page's stylesheets and preloads already in <head>. */
  shell: string;
  /** Answers the page's reads; without it they render as loading. */
  fetch?: typeof fetch;
  /** Which reads `fetch` answers: public reads (the default) or every read. */
  reads?: RenderReads;
}

/** A server-rendered page's whole document. */
export function renderPage(location: string, { shell, fetch, reads = 'public' }: RenderOptions): Promise<string> {
  return renderFetch.run(fetch ?? (() => Promise.reject(new Error('no fetch'))), async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    let rendered = await renderOnce(location, client);
    // A page may ask for more once the first answers are in: a few rounds, then whatever is left loads in the browser.
    for (let round = 0; fetch && round < 3; round++) {
      const pending = pendingReads(client, reads);
      if (pending.length === 0) break;
      await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
      rendered = await renderOnce(location, client);
    }
    if (reads === 'all') {
      // A borrower's page is all or nothing: a failed read or a part left to the browser (which
      // would then render it afresh, and say so in the console) sends the page's shell instead.
      const failed = client
        .getQueryCache()
        .getAll()
        .find((query) => query.state.status === 'error');
      if (failed) throw new Error(`server render: the read ${JSON.stringify(failed.queryKey[0])} failed`);
      if (rendered.errors.length > 0)
        throw new Error('server render: part of the page cannot render on a server', { cause: rendered.errors[0] });
    }
    const state: DehydratedState = dehydrate(client);
    return composePage(shell, rendered.html, state.queries.length > 0 ? state : undefined);
  });
}
