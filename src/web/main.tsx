// antd-mobile's theme variables (its global stylesheet), which our own stylesheets use. Its
// components, with their React 19 adapter and locale, come with the pages that use them
// (src/web/lib/antd-mobile.ts); its Toast is loaded on first use or once the page is touched.
import 'antd-mobile/es/global';
import './app/global.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from './lib/react-dom-client';
import { App } from './app/app';
import { QUERY_STATE_ID } from './app/document';
import { mayNeedLocale, readLocaleSources } from './lib/i18n/locale-hint';
import { isInNativeApp } from './lib/native-bridge';
import { getPendingSwitch, initSessionFromUrl } from './lib/session';
import { preloadToast } from './lib/toast';
import { whenEngaged } from './lib/when-engaged';

// Before the router reads the address: take the session parameters out of it. Inside the app its
// sessionId is the app's borrower; in a browser another account's sessionId waits for the borrower.
initSessionFromUrl({ trustAddressSession: isInNativeApp() });
// A page the server rendered for the address's session must not show while the borrower decides.
const renderAfresh = getPendingSwitch() !== null;
if (renderAfresh) document.getElementById(QUERY_STATE_ID)?.remove();

/** Marks the page interactive (`<html data-ready>`): browser tests wait for it on prerendered pages. */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '1';
  }, []);
  return null;
}

const container = document.getElementById('root');
const page = (
  <>
    <App />
    <ReadyMark />
  </>
);
// StrictMode's checks run in development only; in a production build it renders nothing of its own.
const app = import.meta.env.DEV ? <StrictMode>{page}</StrictMode> : page;

// The reader's language is known (and a Filipino catalogue loaded) before the first
// render; an English reader's browser skips that code altogether (lib/i18n/locale-hint.ts).
// Pages rendered by the server (static pages, and a borrower's page opened with a session) arrive
// in English and start this script only once they have painted (app/document.ts bootAfterPaint):
// an English reader's page then hydrates; a Filipino reader's page, like every other page, renders
// afresh (and asks for its replies again in Filipino: app/query-client.ts).
// Hydration is a transition, so React yields to the browser every few milliseconds
// instead of holding the main thread for the whole page (taps and paints go first).
const sources = readLocaleSources();
const language = mayNeedLocale(sources)
  ? import('./lib/i18n/locale').then((m) => m.initLocale(sources))
  : Promise.resolve('en');
void language.then((locale) => {
  if (!container) return;
  if (container.firstElementChild && locale === 'en' && !renderAfresh)
    startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});

// The toast's code, once the borrower starts using the page (not to paint it).
whenEngaged(() => void preloadToast());
