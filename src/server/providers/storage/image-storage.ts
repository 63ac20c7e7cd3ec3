import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config';

/**
 * Where uploaded images live (DESIGN §9). The default keeps them in a local folder; an
 * S3-compatible store plugs in behind the same two calls. Names are made by the server.
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

const SAFE_NAME = /^[A-Za-z0-9_-]+\.(?:jpg|png|webp)$/;

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
