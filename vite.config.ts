import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineIcon } from './scripts/vite-inline-icon.ts';
import { webBundlePlugins } from './scripts/web-bundle-plugins.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { webPages } from './scripts/web-pages.ts';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

// The borrower pages and the official site are built from src/web into dist/web, the back office
// from src/admin into dist/web/admin after it (vite.admin.config.ts); the server serves both with an
// SPA fallback. webBundlePlugins keep each page's
// first load small; webPages maps each page's scripts and builds the static pages' server render
// (docs/performance.md).
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), ...webBundlePlugins(), inlineIcon(), webPages(webBundlePlugins), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone (React DOM's keeps its name, which the boot looks for):
        // the entry lists every page's chunks for preloading, and their names were ~2 KB of it.
        chunkFileNames: (chunk) => (chunk.name === 'react-dom' ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        // React DOM is most of the entry (about 190 KB of 273 KB before compression): as a chunk of
        // its own it is compiled and run in a task of its own (app/document.ts BOOT_MODULE), so no
        // single task holds the phone's main thread for all of it (issue 12). The chunk holds
        // lib/react-dom-client.ts too, which starts React DOM when the chunk runs.
        codeSplitting: {
          groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]|src[\\/]web[\\/]lib[\\/]react-dom-client\.ts$/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/owner': apiTarget,
      '/sandbox': apiTarget,
    },
  },
});
