import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { backOffice } from './scripts/vite-back-office';
import { webBundlePlugins } from './scripts/web-bundle-plugins';
import { precompress } from './scripts/vite-precompress';
import { webPages } from './scripts/web-pages';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

// The borrower pages and the official site are built from src/web into dist/web, the back office
// from src/admin into dist/web/admin (scripts/vite-back-office.ts); the server serves both with an
// SPA fallback. webBundlePlugins keep each page's
// first load small; webPages maps each page's scripts and builds the static pages' server render
// (docs/performance.md).
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), ...webBundlePlugins(), webPages(webBundlePlugins), backOffice(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    manifest: true,
  },
  server: {
    proxy: {
      '/owner': apiTarget,
      '/sandbox': apiTarget,
    },
  },
});
