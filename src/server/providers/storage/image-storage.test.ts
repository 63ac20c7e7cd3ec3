import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema';
import { createTestDatabase } from '../../test/test-db';
import { databaseImageStorage, type ImageStorage, localImageStorage } from './image-storage';

const database = await createTestDatabase();
const dir = mkdtempSync(join(tmpdir(), 'hiram-storage-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database.close();
});

const name = (ext = 'jpg') => `${randomBytes(16).toString('base64url')}.${ext}`;
/** Every byte value, so an encoding that mangles binary (text, escapes) fails. */
const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const stores: [string, () => ImageStorage][] = [
  ['disk', () => localImageStorage(dir)],
  [`database (${database.kind})`, () => databaseImageStorage(database.db)],
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
