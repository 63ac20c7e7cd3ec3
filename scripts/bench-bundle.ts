/**
 * First-load sizes of every page, as scripts/bundle-budget.test.ts checks them, written
 * to docs/performance.md:
 *
 *   npm run bench:bundle
 *
 * Builds the pages when stale (as `npm start` does) and reads what the build mapped
 * (dist/web/.vite/pages.json, scripts/web-pages.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { table, writeDocSection } from './bench-support';
import { kb } from './bundle-sizes';
import { ensureWebBuilt } from './web-build';
import { PAGES_FILE, type PagesFile } from './web-pages';

ensureWebBuilt();
const { pages } = JSON.parse(readFileSync(join('dist/web', PAGES_FILE), 'utf8')) as PagesFile;
const rows = Object.entries(pages).map(([path, page]) => [
  `\`${path}\``,
  page.name,
  kb(page.jsGzip),
  kb(page.cssGzip),
  String(page.js.length),
  page.static ? 'yes' : '',
]);
const output = table(['page', 'name', 'first-load JS (gzip)', 'CSS (gzip)', 'JS files', 'static'], rows, [
  'l',
  'l',
  'r',
  'r',
  'r',
  'l',
]);
console.log(output);
writeDocSection(
  'bundle',
  'First-load JavaScript per page',
  `\`\`\`sh
npm run bench:bundle     # this table
npx vitest run scripts/bundle-budget.test.ts   # the budgets, part of npm test
\`\`\`

What a browser downloads before a page can render: the entry, the page's lazy chunks and every
chunk they import statically (gzip level 9, as precompressed; the server sends Brotli when the
browser takes it, about 10% smaller). Budget: 100 KB per borrower page; "static" pages are
rendered by the server and paint before any of it runs. Generated ${new Date().toISOString().slice(0, 10)}.

${output}`,
);
