import { randomBytes } from 'node:crypto';
import type { OutputInfo } from 'sharp';

/** architecture.md: Providers: at most 10 MB per upload. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A decoded size above this is refused (a small file can expand to gigabytes of pixels). */
const MAX_PIXELS = 40_000_000;
/** Evidence is read on phones: larger pictures are scaled down on re-encoding. */
const MAX_EDGE = 2560;
/**
 * A picture at the size it is shown): pictures in a complaint are shown as squares about
 * 104 CSS pixels wide (a third of a phone's width); 320 pixels covers them at 3 device pixels each.
 */
export const THUMB_EDGE = 320;

const FORMATS = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
} as const;

type Format = keyof typeof FORMATS;

export interface PreparedImage {
  /** A server-made random name: 22 URL-safe characters and the extension of the real format. */
  name: string;
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export class ImageRejected extends Error {
  constructor(readonly reason: 'unsupported' | 'tooLarge' | 'empty') {
    super(reason);
  }
}

function isAllowed(format: string | undefined): format is Format {
  return format !== undefined && Object.hasOwn(FORMATS, format);
}

/**
 * architecture.md: Providers: the content is sniffed (the name and the declared type are ignored), only JPEG, PNG
 * and WebP pass, and the picture is decoded and re-encoded. Re-encoding drops every metadata block
 * (EXIF with GPS, XMP, comments) and anything hidden after the image data; the EXIF orientation is
 * applied first so the picture still stands the right way up.
 */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  if (input.length === 0) throw new ImageRejected('empty');
  if (input.length > MAX_IMAGE_BYTES) throw new ImageRejected('tooLarge');
  // Loaded on the first upload, not with the server (cold start).
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new ImageRejected('unsupported');
  }
  if (!isAllowed(format)) throw new ImageRejected('unsupported');

  const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  const encoded =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 82, mozjpeg: true })
      : format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.webp({ quality: 80 });
  let result: { data: Buffer; info: OutputInfo };
  try {
    result = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated or corrupt data that still carried a valid header.
    throw new ImageRejected('unsupported');
  }
  const { ext, contentType } = FORMATS[format];
  return {
    name: `${randomBytes(16).toString('base64url')}.${ext}`,
    data: result.data,
    contentType,
    width: result.info.width,
    height: result.info.height,
  };
}

/** Where a picture's thumbnail is stored: beside it, always WebP (`<name>-thumb.webp`). */
export function thumbName(name: string): string {
  return name.replace(/\.[a-z]+$/, '-thumb.webp');
}

/**
 * The square thumbnail of a stored (already re-encoded) picture: cropped to its middle, at most
 * `THUMB_EDGE` pixels a side, WebP (a few kilobytes instead of the picture's hundreds).
 */
export async function makeThumbnail(picture: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(picture, { limitInputPixels: MAX_PIXELS })
    .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'cover', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}
