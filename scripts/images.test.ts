/**
 * Images: every picture the pages ship is in a modern format at the size it is shown,
 * and every <img> says its width and height, so nothing shifts when it arrives.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type AstNode, parseProgram, walk } from './ast-edits';

const WEB_DIR = 'src/web';
const PUBLIC_DIR = join(WEB_DIR, 'public');
/** Vector, or raster in a modern format. */
const MODERN = new Set(['.svg', '.webp', '.avif']);
/** The widest a picture shows on these pages is 480 CSS px (the site's banner); twice that for sharp screens. */
const MAX_RASTER_WIDTH = 960;
const MAX_SVG_BYTES = 20 * 1024;

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Pictures served from src/web/public, and those the pages import (written into the page when small). */
const publicImages = files(WEB_DIR).filter((file) => /\.(svg|webp|avif|png|jpe?g|gif|bmp|ico)$/i.test(file));

describe('Pictures under src/web (public and imported)', () => {
  it.each(publicImages.map((file) => [relative(WEB_DIR, file), file]))('%s is in a modern format', (_name, file) => {
    expect(MODERN.has(extname(file).toLowerCase()), 'use SVG, WebP or AVIF').toBe(true);
  });

  it.each(publicImages.filter((file) => file.endsWith('.svg')).map((file) => [relative(WEB_DIR, file), file]))(
    '%s scales to any size: a viewBox, small, no embedded bitmap',
    (_name, file) => {
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/<svg[^>]*\sviewBox="/);
      expect(statSync(file).size).toBeLessThanOrEqual(MAX_SVG_BYTES);
      expect(svg).not.toMatch(/data:image\/(png|jpe?g|gif)/);
    },
  );

  // Vite writes an imported picture under its assetsInlineLimit (4 KB by default) into the page as a
  // `data:` address; one above it would quietly become a request of its own again.
  it.each(publicImages.filter((file) => !file.startsWith(PUBLIC_DIR)).map((file) => [relative(WEB_DIR, file), file]))(
    '%s (imported by a page) is small enough to be written into it',
    (_name, file) => {
      expect(statSync(file).size).toBeLessThan(4096);
    },
  );

  it.each(publicImages.filter((file) => /\.(webp|avif)$/.test(file)).map((file) => [relative(WEB_DIR, file), file]))(
    '%s is no wider than it is shown',
    async (_name, file) => {
      const { width = 0 } = await sharp(file).metadata();
      expect(width).toBeLessThanOrEqual(MAX_RASTER_WIDTH);
    },
  );
});

/** Every <img> element in the web app's components, with the names of the attributes it sets. */
function imgElements(): { where: string; attributes: string[] }[] {
  const found: { where: string; attributes: string[] }[] = [];
  for (const file of files(WEB_DIR).filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))) {
    const code = readFileSync(file, 'utf8');
    walk(parseProgram(file, code), (node) => {
      if (node.type !== 'JSXOpeningElement') return true;
      const name = node.name as AstNode;
      if (name.type !== 'JSXIdentifier' || name.name !== 'img') return true;
      const attributes = (node.attributes as AstNode[])
        .filter((attribute) => attribute.type === 'JSXAttribute')
        .map((attribute) => (attribute.name as AstNode).name as string);
      const line = code.slice(0, node.start).split('\n').length;
      found.push({ where: `${relative(WEB_DIR, file)}:${line}`, attributes });
      return true;
    });
  }
  return found;
}

describe('No layout shift from pictures', () => {
  const images = imgElements();

  it('finds the pages’ <img> elements', () => {
    expect(images.length).toBeGreaterThan(5);
  });

  it.each(images.map((image) => [image.where, image.attributes]))('%s sets width and height', (_where, attributes) => {
    expect(attributes).toEqual(expect.arrayContaining(['width', 'height']));
  });
});
