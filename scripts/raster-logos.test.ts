/** Images: the logos the pages show are WebP copies made from their current SVG sources. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RASTER_RECORD, RASTER_SCALE, type RasterRecord, logoSources, rasterOf, sha256 } from './raster-logos';

const STALE = 'run npm run raster-logos';

describe('Raster logos (npm run raster-logos)', () => {
  const sources = logoSources();
  const record = JSON.parse(readFileSync(RASTER_RECORD, 'utf8')) as RasterRecord;

  it('finds the logos, and records only logos that exist', () => {
    expect(sources.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(record).sort()).toEqual([...sources].sort());
  });

  it.each(sources)('%s has a WebP beside it, made from this SVG, at twice its size', async (svg) => {
    expect(existsSync(rasterOf(svg)), `${rasterOf(svg)} is missing: ${STALE}`).toBe(true);
    expect(record[svg]?.svg, `${svg} changed since its WebP was made: ${STALE}`).toBe(sha256(readFileSync(svg)));
    expect(record[svg]?.webp, `${rasterOf(svg)} was not made by the script: ${STALE}`).toBe(
      sha256(readFileSync(rasterOf(svg))),
    );
    const own = await sharp(svg).metadata();
    const raster = await sharp(rasterOf(svg)).metadata();
    expect(raster.format).toBe('webp');
    expect([raster.width, raster.height]).toEqual([(own.width ?? 0) * RASTER_SCALE, (own.height ?? 0) * RASTER_SCALE]);
  });

  it('no code names a logo’s SVG where its WebP exists', () => {
    const names = sources.map((svg) => svg.replace('src/web/public', ''));
    const code = ['src/shared', 'src/server', 'src/web'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => join(dir, name)),
    );
    const named = code.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return names.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`);
    });
    expect(named).toEqual([]);
  });
});
