import type { ImageStorage } from './image-storage';
import { type S3Credentials, signS3Request } from './sigv4';

export interface S3Options extends S3Credentials {
  bucket: string;
  /** An S3-compatible service's address (path-style: `<endpoint>/<bucket>/<key>`); unset → AWS. */
  endpoint?: string | undefined;
  timeoutMs?: number;
}

/** Objects live under this prefix, so a shared bucket stays tidy. */
const PREFIX = 'uploads/';

const SAFE_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)$/;
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), signed with Signature Version 4. */
export function s3ImageStorage(options: S3Options): ImageStorage {
  const urlOf = (name: string) =>
    options.endpoint
      ? new URL(`${options.endpoint.replace(/\/$/, '')}/${options.bucket}/${PREFIX}${name}`)
      : new URL(`https://${options.bucket}.s3.${options.region}.amazonaws.com/${PREFIX}${name}`);
  const call = (method: 'GET' | 'PUT', url: URL, body?: Buffer, headers?: Record<string, string>) => {
    // `host` is signed, and fetch sends the same one from the address itself.
    const { host: _host, ...signed } = signS3Request(
      { method, url, ...(headers ? { headers } : {}), ...(body ? { body } : {}) },
      options,
    );
    return fetch(url, {
      method,
      headers: signed,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  };
  return {
    async put(name, data) {
      const match = SAFE_NAME.exec(name);
      if (!match) throw new Error('invalid storage name');
      const res = await call('PUT', urlOf(name), data, { 'content-type': CONTENT_TYPES[match[1]!]! });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`S3 PUT failed: HTTP ${res.status}`);
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return null;
      const res = await call('GET', urlOf(name));
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET failed: HTTP ${res.status}`);
      return body;
    },
  };
}
