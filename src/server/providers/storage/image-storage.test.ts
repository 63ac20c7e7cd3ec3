import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema';
import { createTestDatabase } from '../../test/test-db';
import { startFakeS3 } from './fake-s3';
import { databaseImageStorage, type ImageStorage, localImageStorage } from './image-storage';
import { s3ImageStorage } from './s3-storage';

const database = await createTestDatabase();
const dir = mkdtempSync(join(tmpdir(), 'hiram-storage-'));
const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret-not-real', region: 'ap-southeast-1' };
const s3 = await startFakeS3(credentials, 'hiram-uploads');
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s3.close();
  await database.close();
});

const name = (ext = 'jpg') => `${randomBytes(16).toString('base64url')}.${ext}`;
/** Every byte value, so an encoding that mangles binary (text, escapes) fails. */
const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const stores: [string, () => ImageStorage][] = [
  ['disk', () => localImageStorage(dir)],
  [`database (${database.kind})`, () => databaseImageStorage(database.db)],
  ['S3-compatible bucket', () => s3ImageStorage({ ...credentials, bucket: 'hiram-uploads', endpoint: s3.endpoint })],
];

describe.each(stores)('the image store contract: %s', (_kind, make) => {
  const store = make();

  it('gives back exactly the bytes put, binary and large alike', async () => {
    const small = name('png');
    const large = name('webp');
    const big = randomBytes(3 * 1024 * 1024);
    await store.put(small, everyByte);
    await store.put(large, big);
    expect(await store.get(small)).toEqual(everyByte);
    expect((await store.get(large))!.equals(big)).toBe(true);
  });

  it('answers null for a name never stored', async () => {
    expect(await store.get(name())).toBeNull();
  });

  it('a second write of a name replaces the first (a thumbnail made twice)', async () => {
    const n = name();
    await store.put(n, Buffer.from('first'));
    await store.put(n, Buffer.from('second'));
    expect((await store.get(n))!.toString()).toBe('second');
  });

  it('refuses names the server does not make, and never reads outside its place', async () => {
    await expect(store.put('../escape.jpg', everyByte)).rejects.toThrow('invalid storage name');
    await expect(store.put('x.svg', everyByte)).rejects.toThrow('invalid storage name');
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.get('x.jpg.partial')).toBeNull();
  });

  it('another store over the same place sees the file (a second instance)', async () => {
    const n = name();
    await store.put(n, everyByte);
    expect(await make().get(n)).toEqual(everyByte);
  });
});

describe('the database store', () => {
  it('keeps the content type and size beside the bytes', async () => {
    const n = name('webp');
    await databaseImageStorage(database.db).put(n, everyByte);
    const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.name, n));
    expect(row).toMatchObject({ contentType: 'image/webp', size: 256 });
  });
});

describe('the S3 store', () => {
  it('keeps objects under uploads/ and is refused with the wrong secret', async () => {
    const n = name();
    await s3ImageStorage({ ...credentials, bucket: 'hiram-uploads', endpoint: s3.endpoint }).put(n, everyByte);
    expect(s3.objects.get(`uploads/${n}`)).toEqual(everyByte);
    const wrong = s3ImageStorage({
      ...credentials,
      secretAccessKey: 'another',
      bucket: 'hiram-uploads',
      endpoint: s3.endpoint,
    });
    await expect(wrong.get(n)).rejects.toThrow('S3 GET failed: HTTP 403');
    await expect(wrong.put(name(), everyByte)).rejects.toThrow('S3 PUT failed: HTTP 403');
  });
});
