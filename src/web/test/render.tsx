import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from '../lib/router';

/** Shows where the router is, so a test can see a navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The page while the router is at `path`; the location probe anywhere else. */
function PageAt({ path, page }: { path: string; page: ReactElement }) {
  return useLocation().pathname === path ? page : <LocationProbe />;
}

/**
 * Renders one page at `route` (matched by `path`) inside the app's providers; every other
 * address renders the location probe.
 */
export function renderPage(
  page: ReactElement,
  { route, path = route.split('?')[0] }: { route: string; path?: string },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <PageAt path={path ?? route} page={page} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
