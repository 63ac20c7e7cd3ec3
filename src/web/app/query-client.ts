import { type DehydratedState, QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../lib/api/errors';
import { getLocale } from '../lib/i18n';
import { QUERY_STATE_ID } from './document';

/** One more try on a network failure only; no refetch on focus (a webview refocuses often). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The query cache a server-rendered page came with (app/server-render.tsx), taken out of the
 * document once: the first render in the browser then shows exactly what the server rendered.
 */
function takeServerState(): DehydratedState | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(QUERY_STATE_ID);
  if (!element) return undefined;
  element.remove();
  // The server renders in English: a reader of another language asks for the replies again in it.
  if (getLocale() !== 'en') return undefined;
  try {
    return JSON.parse(element.textContent ?? '') as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * The browser's query client, with what the server already fetched for this page. The server
 * sends successful queries only, so their data is all there is to restore (react-query's own
 * `hydrate` does more, at 1 KB gzip on every page).
 */
export function createBrowserQueryClient(): QueryClient {
  const client = createQueryClient();
  for (const query of takeServerState()?.queries ?? []) {
    if (query.state.status === 'success') {
      client.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    }
  }
  return client;
}
