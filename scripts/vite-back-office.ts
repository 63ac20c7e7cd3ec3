/**
 * Builds the back office (src/admin) as an app of its own into <outDir>/admin, after the
 * borrower pages: its own HTML entry, its own chunks and manifest, so none of its code (antd) can
 * enter the borrower pages' bundles (scripts/bundle-budget.test.ts checks both).
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { sharedForWeb } from './vite-shared-for-web';

export function backOffice(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hiram-back-office',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // Only for the browser build (not the server-render build web-pages.ts runs).
      if (config.build.ssr) return;
      await build({
        configFile: false,
        root: resolve('src/admin'),
        base: '/admin/',
        logLevel: config.logLevel,
        plugins: [react(), sharedForWeb()],
        build: {
          outDir: resolve(config.root, config.build.outDir, 'admin'),
          emptyOutDir: true,
          target: 'es2020',
          manifest: true,
        },
      });
    },
  };
}
