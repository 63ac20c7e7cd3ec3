// antd-mobile's theme variables (its global stylesheet), which our own stylesheets use. Its
// components, with their React 19 adapter and locale, come with the pages that use them
// (src/web/lib/antd-mobile.ts); its Toast is loaded on first use or once the page is touched.
import 'antd-mobile/es/global';
import './app/global.css';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { mayNeedLocale, readLocaleSources } from './lib/i18n/locale-hint';
import { initSessionFromUrl } from './lib/session';
import { preloadToast } from './lib/toast';
import { whenEngaged } from './lib/when-engaged';

// Before the router reads the address: take the session parameters out of it (DESIGN §4).
initSessionFromUrl();

/** Marks the page interactive (`<html data-ready>`): browser tests wait for it on prerendered pages. */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = '1';
  }, []);
  return null;
}

const container = document.getElementById('root');
const app = (
  <StrictMode>
    <App />
    <ReadyMark />
  </StrictMode>
);

// Issue 11: the reader's language is known (and a Filipino catalogue loaded) before the first
// render; an English reader's browser skips that code altogether (lib/i18n/locale-hint.ts).
// Static pages arrive rendered by the server in English (app/server-render.tsx): an English
// reader's browser paints them first, then they hydrate (a frame later, so the paint never
// waits on React); a Filipino reader's page, like every other page, renders afresh.
const sources = readLocaleSources();
const language = mayNeedLocale(sources)
  ? import('./lib/i18n/locale').then((m) => m.initLocale(sources))
  : Promise.resolve('en');
void language.then((locale) => {
  if (!container) return;
  if (container.firstElementChild && locale === 'en') requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app)));
  // createRoot replaces prerendered English markup with the reader's language.
  else createRoot(container).render(app);
});

// The toast's code, once the borrower starts using the page (not to paint it).
whenEngaged(() => void preloadToast());
