import { existsSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

/**
 * The picture captcha as a raster image a short script cannot read back. The old SVG drew every
 * character as the same outline with a tenth of a pixel of jitter, so comparing paths solved it;
 * here each character gets its own font (when the machine has more than svg-captcha's own), size,
 * rotation, slant and place, curves cross the text, and the whole picture is warped by random
 * waves and speckled before it is encoded as a PNG: no two drawings of one text share pixels.
 */

/** Drawn at twice the shown size (120×44 CSS pixels), so phones show it sharp. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 88;

interface GlyphPath {
  getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
  toPathData(decimals?: number): string;
}
interface Font {
  getPath(text: string, x: number, y: number, fontSize: number): GlyphPath;
}
interface SvgCaptchaFonts {
  options: { font: Font; ascender: number; descender: number };
  loadFont(path: string): void;
}

/** Bold faces that read well when bent; those present are used besides svg-captcha's own. */
const SYSTEM_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf',
];

function loadFonts(): Font[] {
  const captcha = svgCaptcha as unknown as SvgCaptchaFonts;
  const own = { ...captcha.options };
  const fonts: Font[] = [own.font];
  for (const path of SYSTEM_FONTS.filter((p) => existsSync(p))) {
    try {
      captcha.loadFont(path);
      fonts.push(captcha.options.font);
    } catch {
      // An unreadable font is skipped; svg-captcha's own always works.
    }
  }
  Object.assign(captcha.options, { font: own.font, ascender: own.ascender, descender: own.descender });
  return fonts;
}

let loaded: Font[] | undefined;
/** Loaded on the first drawing, then kept. */
function fonts(): Font[] {
  loaded ??= loadFonts();
  return loaded;
}

/** A random number in [min, max) from the secure source (what a script would need to predict). */
const between = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

function glyph(ch: string, slot: number, count: number): string {
  const font = pick(fonts());
  const path = font.getPath(ch, 0, 0, 60);
  const box = path.getBoundingBox();
  const slotWidth = (CAPTCHA_WIDTH - 24) / count;
  // Faces draw capitals at different heights: bring each to a random height, within its slot.
  const height = Math.max(1, box.y2 - box.y1);
  const width = Math.max(1, box.x2 - box.x1);
  const fit = Math.min(between(40, 52) / height, (slotWidth * 1.05) / width);
  const cx = 12 + slotWidth * (slot + 0.5) + between(-7, 7);
  const cy = CAPTCHA_HEIGHT / 2 + between(-6, 6);
  const grey = randomInt(10, 80);
  // Centre the outline on (cx, cy), then turn, slant and stretch it there.
  const transform = [
    `translate(${cx.toFixed(1)} ${cy.toFixed(1)})`,
    `rotate(${between(-25, 25).toFixed(1)})`,
    `skewX(${between(-12, 12).toFixed(1)})`,
    `scale(${(fit * between(0.85, 1.05)).toFixed(3)} ${(fit * between(0.9, 1.1)).toFixed(3)})`,
    `translate(${(-(box.x1 + box.x2) / 2).toFixed(1)} ${(-(box.y1 + box.y2) / 2).toFixed(1)})`,
  ].join(' ');
  // A stroke as well as the fill: some of svg-captcha's own glyphs are outlines, thin once shrunk.
  const colour = `rgb(${grey},${grey},${grey})`;
  return `<path transform="${transform}" fill="${colour}" stroke="${colour}" stroke-width="${(2.2 / fit).toFixed(2)}" stroke-linejoin="round" d="${path.toPathData(1)}"/>`;
}

/** Curves across the text, as thick as the strokes of the characters, so they cannot be filtered by width. */
function curve(): string {
  const y = () => between(10, CAPTCHA_HEIGHT - 10).toFixed(1);
  const grey = randomInt(30, 110);
  return `<path d="M${between(-10, 30).toFixed(1)} ${y()} C${between(40, 110).toFixed(1)} ${y()} ${between(130, 200).toFixed(1)} ${y()} ${between(210, 250).toFixed(1)} ${y()}" stroke="rgb(${grey},${grey},${grey})" stroke-width="${between(2, 3.5).toFixed(1)}" fill="none"/>`;
}

function clutter(): string {
  let out = '';
  for (let i = 0; i < 28; i++) {
    const grey = randomInt(120, 200);
    out += `<circle cx="${randomInt(CAPTCHA_WIDTH)}" cy="${randomInt(CAPTCHA_HEIGHT)}" r="${between(1, 3).toFixed(1)}" fill="rgb(${grey},${grey},${grey})"/>`;
  }
  return out;
}

/** Shifts every pixel along two random waves (horizontal and vertical), bilinear, in place of a copy. */
function warp(src: Buffer, width: number, height: number): Buffer {
  const out = Buffer.alloc(src.length, 255);
  const ax = between(3, 6);
  const ay = between(3, 6);
  const fx = between(0.03, 0.06);
  const fy = between(0.03, 0.06);
  const px = between(0, Math.PI * 2);
  const py = between(0, Math.PI * 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x + ax * Math.sin(y * fy + px);
      const sy = y + ay * Math.sin(x * fx + py);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) continue;
      const dx = sx - x0;
      const dy = sy - y0;
      const at = (xx: number, yy: number) => src[yy * width + xx] ?? 255;
      const value =
        at(x0, y0) * (1 - dx) * (1 - dy) +
        at(x0 + 1, y0) * dx * (1 - dy) +
        at(x0, y0 + 1) * (1 - dx) * dy +
        at(x0 + 1, y0 + 1) * dx * dy;
      // Speckle: a little noise on every pixel, so equal drawings never give equal bytes.
      out[y * width + x] = Math.max(0, Math.min(255, Math.round(value + between(-14, 14))));
    }
  }
  return out;
}

/** The picture of `text`: a greyscale PNG of 240×88 pixels, different on every call. */
export async function captchaImage(text: string): Promise<Buffer> {
  const chars = [...text];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">
<rect width="100%" height="100%" fill="#fff"/>${clutter()}${chars.map((ch, i) => glyph(ch, i, chars.length)).join('')}${curve()}${curve()}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const single = info.channels === 1 ? data : extractFirstChannel(data, info.channels);
  const warped = warp(single, info.width, info.height);
  return sharp(warped, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function extractFirstChannel(data: Buffer, channels: number): Buffer {
  const out = Buffer.alloc(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels] ?? 255;
  return out;
}
