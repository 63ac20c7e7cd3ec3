import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import { authHeader, buildTestApp, type TestApp } from './test-app';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';
export const operatorHeader = { authorization: `Operator ${OPERATOR_TOKEN}` };

/** A test app whose uploads go to a temporary folder, removed after the file. */
export async function buildComplaintsApp(env: Record<string, string> = {}, { seed = true } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hiram-complaints-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return buildTestApp({ seed, env: { DATA_DIR: dataDir, OPERATOR_TOKEN, ...env } });
}

type Headers = Record<string, string>;

export async function postForm(t: TestApp, url: string, headers: Headers, body: Record<string, string | number> = {}) {
  const payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A multipart/form-data body with one file. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----hiram${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadFile(
  t: TestApp,
  headers: Headers,
  data: Buffer,
  {
    url = '/owner/user-problem/upload-problem-img',
    field = 'problemImage',
    filename = 'photo.jpg',
    type = 'image/jpeg',
  } = {},
) {
  const body = multipart(field, filename, type, data);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

export function picture(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#fe7133' } })
    .toFormat(format)
    .toBuffer();
}

/** Signs in and returns the session header. */
export async function signIn(t: TestApp, phone: string): Promise<Headers> {
  return authHeader(await t.login(phone));
}

/** Uploads a picture as this borrower and returns its address. */
export async function uploadedUrl(t: TestApp, headers: Headers): Promise<string> {
  const res = await uploadFile(t, headers, await picture());
  if (res.body.code !== '00') throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data.url as string;
}
