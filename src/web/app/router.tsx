import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import { type PageName, pages } from '../../shared/pages';
import { setFallbackNavigate } from '../lib/native-bridge';
import { NotFound, pageElements } from './page-elements';
import { PageLoader } from './page-loader';
import { RouteErrorBoundary } from './route-error-boundary';

/** Hands the router to the native bridge, so browser fallbacks move within the app without a reload. */
function BridgeNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setFallbackNavigate((to, options) => {
      if (to === -1) void navigate(-1);
      else if (to.startsWith('/') && !to.startsWith('//')) void navigate(to, { replace: options?.replace });
      else if (options?.replace) window.location.replace(to);
      else window.location.assign(to);
    });
    return () => setFallbackNavigate();
  }, [navigate]);
  return null;
}

const names = Object.keys(pages) as PageName[];
const byPath = new Map(names.map((name) => [pages[name].toLowerCase(), name]));

/**
 * The page at an address: every page of src/shared/pages.ts at its exact path, /admin with its
 * sub-paths; case and a trailing slash do not matter (as with react-router's <Routes>, whose
 * matching code the pages do not need: they all sit at fixed paths).
 */
export function pageAt(pathname: string): PageName | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const adminPrefix = `${pages.admin.toLowerCase()}/`;
  return byPath.get(path) ?? (path.startsWith(adminPrefix) ? 'admin' : undefined);
}

/** Mounts every page of src/shared/pages.ts. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const name = pageAt(pathname);
  return (
    <>
      <BridgeNavigator />
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoader />}>{name ? pageElements[name] : <NotFound />}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}
