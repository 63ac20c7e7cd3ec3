/**
 * The build plugins that shape the web bundle (docs/performance.md), shared by the browser build
 * (vite.config.ts) and the server-render build (scripts/web-pages.ts), so both see the same code.
 */
import type { PluginOption } from 'vite';
import { splitMessages } from './vite-i18n-split.ts';
import { sharedForWeb } from './vite-shared-for-web.ts';

export function webBundlePlugins(): PluginOption[] {
  return [sharedForWeb(), splitMessages()];
}
