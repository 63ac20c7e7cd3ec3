import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { bundleOptions } from './bundle-server.mjs';

/** The package an import names: `@scope/name` or `name`, without a path inside it. */
const packageOf = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

it("the server's bundles import exactly the package.json dependencies, which production installs alone", async () => {
  const result = await build({ ...bundleOptions('dist/server-check'), write: false, metafile: true });
  const imported = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const { path, external } of output.imports)
      if (external && !path.startsWith('node:') && !builtinModules.includes(path)) imported.add(packageOf(path));
  const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  // A package missing here fails `node dist/server/start.mjs` after `npm ci --omit=dev`; one
  // too many only makes production's install bigger (browser-only libraries are devDependencies).
  expect([...imported].sort()).toEqual(Object.keys(dependencies).sort());
});
