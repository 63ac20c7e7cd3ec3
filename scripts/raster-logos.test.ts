/** Issue 12, images: the logos the pages show are WebP copies that still match their SVG sources. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RASTER_SCALE, logoSources, rasterOf, renderLogo } from './raster-logos';

/** Mean difference per channel (0–255) allowed: font hinting may differ between machines. */
const MAX_MEAN_DIFFERENCE = 3;

async function pixels(image: sharp.Sharp) {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('issue 12: raster logos (npm run raster-logos)', () => {
  const sources = logoSources();

  it('finds the logos', () => {
    expect(sources.length).toBeGreaterThanOrEqual(10);
  });

  it.each(sources)('%s has a WebP beside it, at twice its size, showing the same picture', async (svg) => {
    expect(existsSync(rasterOf(svg)), `run npm run raster-logos to write ${rasterOf(svg)}`).toBe(true);
    const own = await sharp(svg).metadata();
    const committed = await pixels(sharp(rasterOf(svg)));
    expect([committed.width, committed.height]).toEqual([(own.width ?? 0) * RASTER_SCALE, (own.height ?? 0) * RASTER_SCALE]);
    const fresh = await pixels(renderLogo(svg));
    let difference = 0;
    for (let i = 0; i < fresh.data.length; i++) difference += Math.abs((fresh.data[i] ?? 0) - (committed.data[i] ?? 0));
    expect(difference / fresh.data.length, `${rasterOf(svg)} is stale: run npm run raster-logos`).toBeLessThanOrEqual(MAX_MEAN_DIFFERENCE);
  });

  it('no code names a logo’s SVG where its WebP exists', () => {
    const names = sources.map((svg) => svg.replace('src/web/public', ''));
    const code = ['src/shared', 'src/server', 'src/web'].flatMap(function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
      );
    });
    const named = code.flatMap((file) => names.filter((name) => readFileSync(file, 'utf8').includes(name)).map((name) => `${file}: ${name}`));
    expect(named).toEqual([]);
  });
});
