/** See bundle-server.mjs. */
import type { BuildOptions } from 'esbuild';

export const OUT_DIR: string;
export const ENTRY_POINTS: Record<string, string>;
export const COMMANDS: string[];
export function bundlePath(name: string): string;
export function serverBundleIsStale(): boolean;
export function bundleOptions(outdir: string): BuildOptions;
export function bundleServer(): Promise<void>;
