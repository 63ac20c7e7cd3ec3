// antd-mobile's theme variables (its global stylesheet), which our own stylesheets use. Its
// components, with their React 19 adapter and locale, come with the pages that use them
// (src/web/lib/antd-mobile.ts); its Toast is loaded on first use or once the page is touched.
import 'antd-mobile/es/global';
import './app/global.css';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
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
// Static pages arrive rendered by the server (app/server-render.tsx): the browser paints them
// first, then they hydrate (a frame later, so the paint never waits on React); every other page
// starts empty and renders at once.
if (container?.firstElementChild) requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app)));
else if (container) createRoot(container).render(app);

// The toast's code, once the borrower starts using the page (not to paint it).
whenEngaged(() => void preloadToast());
