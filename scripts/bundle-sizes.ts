/**
 * First-load JavaScript of each page, computed from the Vite manifest (`build.manifest`) of a
 * production build: what a browser must download before a page can render — the HTML entry's
 * chunk, the page's lazy chunk, and every chunk either imports statically — gzip-compressed the
 * way the server sends them. Sizes are deterministic, so scripts/bundle-budget.test.ts asserts them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest, ManifestChunk } from 'vite';

export const KB = 1024;

/** Where Vite writes the manifest inside an output folder. */
export const MANIFEST_FILE = '.vite/manifest.json';

export interface LoadedManifest {
  /** The output folder the manifest's file names are relative to. */
  outDir: string;
  manifest: Manifest;
}

/** Every manifest under an output folder: one per build (the back office may be a build of its own). */
export function readManifests(outDir: string): LoadedManifest[] {
  const found: LoadedManifest[] = [];
  const visit = (dir: string) => {
    const file = join(dir, MANIFEST_FILE);
    if (existsSync(file)) found.push({ outDir: dir, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest });
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'assets' && !entry.name.startsWith('.')) visit(join(dir, entry.name));
    }
  };
  visit(outDir);
  return found;
}

/** What `staticClosure` reads of a chunk: a Vite manifest's chunks, or a bundle's by file name. */
export type ChunkGraph = Readonly<Record<string, { imports?: readonly string[] } | undefined>>;

/** A chunk and everything it imports statically, transitively (manifest keys, load order irrelevant). */
export function staticClosure(manifest: ChunkGraph, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** Every chunk a page could ever load from an entry: static and dynamic imports, transitively. */
export function fullClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    for (const dep of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(dep);
  };
  visit(key);
  return seen;
}

const gzipCache = new Map<string, number>();

/** gzip size of one output file (level 9, as the build precompresses them). */
export function gzipSize(path: string): number {
  let size = gzipCache.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(path, size);
  }
  return size;
}

export interface FirstLoad {
  /** Output files of the JavaScript chunks, entry first. */
  js: string[];
  /** Stylesheets those chunks bring. */
  css: string[];
  /** gzip bytes of `js`. */
  jsGzip: number;
  /** gzip bytes of `css`. */
  cssGzip: number;
}

/** The first load of an entry plus optional lazy chunks (manifest keys). */
export function firstLoad(loaded: LoadedManifest, keys: readonly string[]): FirstLoad {
  const { manifest, outDir } = loaded;
  const closure = [...staticClosure(manifest, keys)];
  const js = closure.map((key) => (manifest[key] as ManifestChunk).file).filter((file) => file.endsWith('.js'));
  const css = [...new Set(closure.flatMap((key) => manifest[key]?.css ?? []))];
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(join(outDir, file)), 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

/** The HTML entries of a manifest (`index.html`, `admin/index.html`, …). */
export function htmlEntries(manifest: Manifest): string[] {
  return Object.keys(manifest).filter((key) => manifest[key]?.isEntry && key.endsWith('.html'));
}

/** `12.3 KB` */
export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
