import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { uploadStoreName } from '../provider-settings';
import { s3ImageStorage } from './s3-storage';

/**
 * Where uploaded images live (docs/architecture.md "Providers"): in the database, so every
 * instance on one PostgreSQL serves them, or in a local folder for the embedded default. Names
 * are made by the server; a later write of a name replaces the earlier one.
 */
export interface ImageStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
}

/** The local storage folder: `uploads` under DATA_DIR. */
export function storageDir(config: Pick<Config, 'DATA_DIR'>): string {
  return resolve(config.DATA_DIR, 'uploads');
}

const SAFE_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)$/;
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

function checkedName(name: string): string {
  // Names come from the server, but a route parameter reaches here too: never leave the folder.
  if (!SAFE_NAME.test(name)) throw new Error('invalid storage name');
  return name;
}

export function localImageStorage(dir: string): ImageStorage {
  let ready: Promise<unknown> | undefined;
  return {
    async put(name, data) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const target = join(dir, checkedName(name));
      // Write then rename, so a reader never sees half a file.
      const partial = `${target}.partial`;
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, target);
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return null;
      try {
        return await readFile(join(dir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}

/** The `stored_files` table: one row per file, its bytes, type and size. */
export function databaseImageStorage(db: Db): ImageStorage {
  return {
    async put(name, data) {
      const contentType = CONTENT_TYPES[SAFE_NAME.exec(checkedName(name))![1]!]!;
      await db
        .insert(storedFiles)
        .values({ name, content: data, contentType, size: data.length })
        .onConflictDoUpdate({
          target: storedFiles.name,
          set: { content: data, contentType, size: data.length, createdAt: sql`now()` },
        });
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return null;
      const [row] = await db
        .select({ content: storedFiles.content })
        .from(storedFiles)
        .where(eq(storedFiles.name, name));
      return row?.content ?? null;
    },
  };
}

/** The store configuration chose (UPLOAD_STORE; by default the database with PostgreSQL). */
export function chooseImageStorage(config: Config, db: Db): ImageStorage {
  const store = uploadStoreName(config);
  if (store === 'database') return databaseImageStorage(db);
  if (store === 'disk') return localImageStorage(storageDir(config));
  const {
    S3_BUCKET: bucket,
    S3_REGION: region,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = config;
  // loadConfig has refused missing ones already.
  if (!bucket || !region || !accessKeyId || !secretAccessKey) throw new Error('UPLOAD_STORE=s3 needs its S3_ settings');
  return s3ImageStorage({ bucket, region, accessKeyId, secretAccessKey, endpoint: config.S3_ENDPOINT });
}
