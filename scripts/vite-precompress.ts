/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to each text asset of the build, once, at the
 * highest levels; the server sends them to browsers that accept them (@fastify/static
 * `preCompressed`). Every kilobyte counts on the borrowers' networks; compressing per request
 * would cost CPU on every visit.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 512;

export function precompressFolder(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) written += precompressFolder(path);
      continue;
    }
    if (!TEXT.test(entry.name) || statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    written += 1;
  }
  return written;
}

export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'hiram-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      handler() {
        if (!config || config.build.ssr) return;
        precompressFolder(resolve(config.root, config.build.outDir));
      },
    },
  };
}
