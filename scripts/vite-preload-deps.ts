/**
 * Lazy imports name only what is not loaded yet. For each `import()` Vite writes into
 * the importing chunk the list of files to fetch with it (`__vite__mapDeps`): the imported chunk
 * and everything it imports statically, down to React DOM and the entry. But a chunk runs only
 * once everything it imports statically has loaded, so those are there already when its `import()`
 * runs; their names (hashed, so they hardly compress) cost every page that holds such a list. The
 * entry's list of every page's files was 1.4 KB of each page's first load (gzip).
 *
 * Stylesheets stay as Vite lists them (it adds them after this filter; a page's own sheet loads
 * through that list).
 */
import type { Plugin } from 'vite';
import { type ChunkGraph, staticClosure } from './bundle-sizes';

/**
 * Every chunk loaded before a chunk's code runs: all it imports statically, directly or through
 * others (not the chunk itself; nothing for a chunk the graph does not hold).
 */
export function loadedBefore(graph: ChunkGraph, chunk: string): Set<string> {
  if (!graph[chunk]) return new Set();
  const loaded = staticClosure(graph, [chunk]);
  loaded.delete(chunk);
  return loaded;
}

export function preloadOnlyWhatIsMissing(): Plugin {
  let chunks: ChunkGraph = {};
  const closures = new Map<string, Set<string>>();
  return {
    name: 'hiram-preload-only-what-is-missing',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          // hostId is the chunk that holds the import(): its static imports have loaded before it runs.
          resolveDependencies: (_file, deps, { hostId, hostType }) => {
            if (hostType !== 'js') return deps;
            let loaded = closures.get(hostId);
            if (!loaded) {
              loaded = loadedBefore(chunks, hostId);
              closures.set(hostId, loaded);
            }
            return deps.filter((dep) => !loaded.has(dep));
          },
        },
      },
    }),
    // Before Vite's own generateBundle writes the lists: note which chunk imports which.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        closures.clear();
        chunks = Object.fromEntries(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, { imports: output.imports }]] : [],
          ),
        );
      },
    },
  };
}
