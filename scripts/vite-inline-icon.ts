/**
 * The site's icon, written into each page as a 64 px lossless WebP `data:` address (about 320
 * bytes) in place of `<link rel="icon" href="/favicon.svg">`. A browser showing a page
 * asks for its icon while the page paints: a request of its own, and an SVG icon is a small
 * document that the phone parses on the page's main thread (10–50 ms on a slow one). A WebP
 * picture of it is decoded in well under a millisecond. /favicon.svg stays the source, and is
 * still served for the back office and for anyone asking for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

const ICON_LINK = /<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg" ?\/?>/;
const ICON_PIXELS = 64;

/** The WebP `data:` address of an SVG icon, at `ICON_PIXELS` square. */
export async function iconDataUrl(svg: Buffer): Promise<string> {
  const webp = await sharp(svg, { density: 300 })
    .resize(ICON_PIXELS, ICON_PIXELS)
    .webp({ lossless: true, effort: 6 })
    .toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}

export function inlineIcon(): Plugin {
  let publicDir = '';
  return {
    name: 'hiram-inline-icon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!ICON_LINK.test(html)) return html;
        const href = await iconDataUrl(readFileSync(join(publicDir, 'favicon.svg')));
        return html.replace(ICON_LINK, `<link rel="icon" type="image/webp" href="${href}">`);
      },
    },
  };
}
