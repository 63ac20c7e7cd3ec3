import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { sharedForWeb } from './scripts/vite-shared-for-web.ts';

// The back office (src/admin) as an app of its own, built after the borrower pages
// (`npm run build`, scripts/web-build.ts) into dist/web/admin, served at /admin: its own HTML
// entry, chunks and manifest, so none of its code (antd) can enter the borrower pages' bundles
// (scripts/bundle-budget.test.ts checks both).
export default defineConfig({
  root: 'src/admin',
  base: '/admin/',
  plugins: [react(), sharedForWeb(), precompress()],
  build: {
    outDir: '../../dist/web/admin',
    emptyOutDir: true,
    target: 'es2020',
    manifest: true,
    // Staff use desktops on the office network: the back office's limit is its first-load budget
    // in scripts/bundle-budget.test.ts (210 KB gzip, the sign-in screen; the shell and each desk
    // are lazy chunks), not Vite's 500 kB per chunk, which the chunk holding React and antd's core
    // exceeds (about 510 kB, 165 KB gzip).
    chunkSizeWarningLimit: 1_000,
  },
});
