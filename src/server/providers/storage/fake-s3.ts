import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type S3Credentials, signS3Request } from './sigv4';

/**
 * A local stand-in for an S3-compatible service, path-style (`/<bucket>/<key>`): PUT and GET of
 * objects, 403 SignatureDoesNotMatch when the request is not signed with the credentials, 404
 * NoSuchKey for a missing object (S3's XML error bodies).
 */
export async function startFakeS3(credentials: S3Credentials, bucket: string) {
  const objects = new Map<string, Buffer>();
  const error = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const signed: Record<string, string> = {};
    const given = String(req.headers['x-amz-date'] ?? '');
    const when = new Date(
      `${given.slice(0, 4)}-${given.slice(4, 6)}-${given.slice(6, 11)}:${given.slice(11, 13)}:${given.slice(13, 15)}Z`,
    );
    const names = /SignedHeaders=([^,]+)/.exec(String(req.headers.authorization ?? ''))?.[1]?.split(';') ?? [];
    for (const n of names)
      if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)) signed[n] = String(req.headers[n] ?? '');
    const expected = Number.isNaN(when.getTime())
      ? null
      : signS3Request(
          { method: req.method ?? 'GET', url, headers: signed, ...(body.length ? { body } : {}) },
          credentials,
          when,
        ).authorization;
    res.setHeader('content-type', 'application/xml');
    if (!expected || req.headers.authorization !== expected)
      return res.writeHead(403).end(error('SignatureDoesNotMatch'));
    const [, b, ...key] = url.pathname.split('/');
    if (b !== bucket) return res.writeHead(404).end(error('NoSuchBucket'));
    const path = key.join('/');
    if (req.method === 'PUT') {
      objects.set(path, body);
      return res.writeHead(200).end();
    }
    const object = objects.get(path);
    if (!object) return res.writeHead(404).end(error('NoSuchKey'));
    res.setHeader('content-type', 'application/octet-stream');
    return res.writeHead(200).end(object);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
