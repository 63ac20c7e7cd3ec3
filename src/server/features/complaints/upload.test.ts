import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { staffHeader } from '../../test/staff-support';
import { thumbName } from '../../providers/storage/image-processing';
import { storageDir } from '../../providers/storage/image-storage';
import { buildComplaintsApp, multipart, picture, signIn, uploadFile, uploadedUrl } from '../../test/complaint-support';

const t = await buildComplaintsApp();
// A signed-in member of the desk: the operator token is for automation, not for reading pictures.
const staffFiles = await staffHeader(t, ['support']);
const a = await signIn(t, '09170000001');
const b = await signIn(t, '09170000002');

const fetchFile = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('spec 000 §7 upload-problem-img, architecture.md: Providers image storage', () => {
  it("spec 000 §7: a JPEG, PNG or WebP answers code '00' with data.url under a random name", async () => {
    const names = new Set<string>();
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const res = await uploadFile(t, a, await picture(format), { filename: `x.${format}`, type: `image/${format}` });
      expect(res.body).toMatchObject({ code: '00', message: 'success' });
      expect(res.body.data.url).toMatch(/^\/owner\/files\/[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/);
      names.add(res.body.data.url);
    }
    expect(names.size).toBe(3);
  });

  it('architecture.md: Providers: a script renamed .jpg is refused by its content, and nothing is stored', async () => {
    const before = readdirSync(storageDir(t.config)).length;
    const script = Buffer.from('#!/bin/sh\nrm -rf / # not a picture\n'.repeat(20));
    const res = await uploadFile(t, a, script, { filename: 'evil.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: Code.UNSUPPORTED_IMAGE,
      message: 'Please upload a JPEG, PNG or WebP picture',
    });
    expect(readdirSync(storageDir(t.config)).length).toBe(before);
  });

  it('architecture.md: Providers: other picture formats (GIF, SVG) are refused', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await uploadFile(t, a, gif, { filename: 'a.gif', type: 'image/gif' })).body.code).toBe(
      Code.UNSUPPORTED_IMAGE,
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>',
    );
    expect((await uploadFile(t, a, svg, { filename: 'a.jpg', type: 'image/jpeg' })).body.code).toBe(
      Code.UNSUPPORTED_IMAGE,
    );
  });

  it('architecture.md: Providers: an 11 MB image is refused with a message naming the limit', async () => {
    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const res = await uploadFile(t, a, big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(Code.IMAGE_TOO_LARGE);
    expect(res.body.message).toMatch(/10 MB/);
  });

  it('architecture.md: Providers: a picture of several megabytes under the limit is accepted', async () => {
    const noisy = await sharp(
      Buffer.alloc(1400 * 1000 * 3).map(() => Math.floor(Math.random() * 256)),
      {
        raw: { width: 1400, height: 1000, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await uploadFile(t, a, noisy, { filename: 'big.png', type: 'image/png' });
    expect(res.body.code).toBe('00');
  });

  it('architecture.md: Providers: EXIF with GPS is gone after the re-encode', async () => {
    const withGps = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'HiramTestCam', ImageDescription: 'home-address' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '14/1 33/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '121/1 1/1 0/1',
        },
      })
      .toBuffer();
    const original = await sharp(withGps).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the original.
    expect(original.exif?.toString('hex')).toContain('2588');
    const res = await uploadFile(t, a, withGps);
    expect(res.body.code).toBe('00');
    const served = await fetchFile(res.body.data.url, a);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const stored = served.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('HiramTestCam');
    expect(stored.toString('latin1')).not.toContain('home-address');
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('a file reaches its owner and staff only; another borrower and strangers get nothing', async () => {
    const url = await uploadedUrl(t, a);
    expect((await fetchFile(url, a)).statusCode).toBe(200);
    const asB = await fetchFile(url, b);
    expect(asB.statusCode).toBe(404);
    expect(asB.json()).toMatchObject({ code: Code.NOT_FOUND });
    expect((await fetchFile(url, {})).json().code).toBe(Code.SESSION_EXPIRED);
    const name = url.split('/').pop();
    expect((await fetchFile(`/owner/admin/files/${name}`, staffFiles)).statusCode).toBe(200);
    expect((await fetchFile(`/owner/admin/files/${name}`, b)).statusCode).toBe(401);
    expect((await fetchFile('/owner/files/..%2F..%2Fetc%2Fpasswd', a)).statusCode).toBe(404);
  });

  it('?size=thumb is a square WebP thumbnail of at most 320 pixels, to the same viewers only', async () => {
    const res = await uploadFile(t, a, await picture('jpeg', 1600, 900));
    const url: string = res.body.data.url;
    const full = await fetchFile(url, a);
    const thumb = await fetchFile(`${url}?size=thumb`, a);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 320]);
    expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length);
    expect((await fetchFile(`${url}?size=thumb`, b)).statusCode).toBe(404);
    const name = url.split('/').pop();
    expect((await fetchFile(`/owner/admin/files/${name}?size=thumb`, staffFiles)).headers['content-type']).toBe(
      'image/webp',
    );
    const odd = await fetchFile(`${url}?size=huge`, a);
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'size must be thumb, or left out for the picture itself',
    });
  });

  it('A picture stored before thumbnails existed gets one on its first request, kept for the next', async () => {
    const url = await uploadedUrl(t, a);
    const name = url.split('/').pop() ?? '';
    const thumbFile = join(storageDir(t.config), thumbName(name));
    rmSync(thumbFile);
    const thumb = await fetchFile(`${url}?size=thumb`, a);
    expect(thumb.statusCode).toBe(200);
    // A picture smaller than the thumbnail is never enlarged (64 × 48 stays so).
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
    expect(existsSync(thumbFile)).toBe(true);
  });

  it('needs a session, a multipart body and the field problemImage', async () => {
    const jpeg = await picture();
    expect((await uploadFile(t, {}, jpeg)).body.code).toBe(Code.SESSION_EXPIRED);
    const wrongField = await uploadFile(t, a, jpeg, { field: 'file' });
    expect(wrongField.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemImage' } });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/owner/user-problem/upload-problem-img',
      headers: { ...a, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'problemImage=abc',
    });
    expect(notMultipart.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemImage' } });
    const empty = multipart('problemImage', 'e.jpg', 'image/jpeg', Buffer.alloc(0));
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner/user-problem/upload-problem-img',
      headers: { ...a, 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(res.json().code).toBe(Code.UNSUPPORTED_IMAGE);
  });
});
