/**
 * Raster copies of the logos, written beside their SVG sources:
 *
 *   npm run raster-logos
 *
 * To the browser an SVG in an `<img>` is a document of its own: it is committed, laid out (its
 * text with font fallback) and painted on the page's main thread, 13–29 ms each on this machine
 * (four times that on Lighthouse's phone). The product and payment-channel logos show several to a
 * page, after the first paint, where those tasks are what blocks a tap. A raster picture is decoded
 * off the main thread. So the pages show them as lossless WebP (about 1 KB each) at twice the
 * SVG's own size: the logos show at 28–56 CSS px, so 128 px covers a 2–3× screen. The SVG stays
 * the source (edit it, then run this) and is still served, for addresses stored before.
 *
 * The script records which SVG each WebP was made from (`RASTER_RECORD`, SHA-256 of both), so
 * `raster-logos.test.ts` can tell a stale copy without drawing text, which depends on the fonts
 * the machine has.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export const LOGO_FOLDERS = ['src/web/public/img/products', 'src/web/public/img/channels'];
/** Pixels per CSS pixel of the SVG's own size. */
export const RASTER_SCALE = 2;
/** SVG path → the SHA-256 of that SVG and of the WebP made from it. */
export const RASTER_RECORD = 'scripts/raster-logos.json';
export type RasterRecord = Record<string, { svg: string; webp: string }>;

export function logoSources(): string[] {
  return LOGO_FOLDERS.flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.svg'))
      .map((name) => join(folder, name)),
  );
}

export const rasterOf = (svg: string): string => svg.replace(/\.svg$/, '.webp');

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The SVG drawn at RASTER_SCALE (librsvg renders at 72 dpi for 1×). */
function renderLogo(svg: Buffer): sharp.Sharp {
  return sharp(svg, { density: 72 * RASTER_SCALE });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const record: RasterRecord = {};
  for (const svg of logoSources()) {
    const source = readFileSync(svg);
    const webp = await renderLogo(source).webp({ lossless: true, effort: 6 }).toBuffer();
    writeFileSync(rasterOf(svg), webp);
    record[svg] = { svg: sha256(source), webp: sha256(webp) };
    console.log(`${rasterOf(svg)}: ${webp.length} B`);
  }
  writeFileSync(RASTER_RECORD, `${JSON.stringify(record, null, 2)}\n`);
}
