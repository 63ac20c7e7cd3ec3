import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildComplaintsApp, picture, signIn, uploadFile } from '../../test/complaint-support';
import { testConfig } from '../../test/test-app';
import { startFakeS3 } from './fake-s3';
import { storageDir } from './image-storage';

// Instance one uploads; instance two shares only the database (its own DATA_DIR, empty).
const one = await buildComplaintsApp({ UPLOAD_STORE: 'database' });
const otherDir = mkdtempSync(join(tmpdir(), 'hiram-instance-two-'));
const two = await buildApp(testConfig({ UPLOAD_STORE: 'database', DATA_DIR: otherDir }), {
  db: one.database.db,
  serveWeb: false,
});
afterAll(async () => {
  await two.close();
  rmSync(otherDir, { recursive: true, force: true });
});

describe('uploads in the database are served by every instance', () => {
  it('a picture uploaded through one instance is shown, whole and as a thumbnail, by another; no disk is written', async () => {
    const borrower = await signIn(one, '09170000001');
    const jpeg = await picture('jpeg', 300, 200);
    const res = await uploadFile(one, borrower, jpeg);
    expect(res.body.code).toBe('00');
    const url = res.body.data.url as string;

    const whole = await two.inject({ method: 'GET', url, headers: borrower });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    const fromOne = await one.app.inject({ method: 'GET', url, headers: borrower });
    expect(whole.rawPayload.equals(fromOne.rawPayload)).toBe(true);

    const thumb = await two.inject({ method: 'GET', url: `${url}?size=thumb`, headers: borrower });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    expect(readdirSync(one.config.DATA_DIR)).not.toContain('uploads');
    expect(() => readdirSync(storageDir(one.config))).toThrow();
  });

  it('another borrower still gets "not found" from either instance', async () => {
    const owner = await signIn(one, '09170000001');
    const stranger = await signIn(one, '09170000002');
    const url = (await uploadFile(one, owner, await picture())).body.data.url as string;
    expect((await two.inject({ method: 'GET', url, headers: stranger })).json().code).toBe(40400);
  });
});

describe('uploads in an S3-compatible bucket', async () => {
  const credentials = {
    S3_ACCESS_KEY_ID: 'AKIDTEST',
    S3_SECRET_ACCESS_KEY: 'test-secret-not-real',
    S3_REGION: 'ap-southeast-1',
  };
  const s3 = await startFakeS3(
    { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret-not-real', region: 'ap-southeast-1' },
    'hiram',
  );
  afterAll(() => s3.close());
  const app = await buildComplaintsApp({
    UPLOAD_STORE: 's3',
    S3_BUCKET: 'hiram',
    S3_ENDPOINT: s3.endpoint,
    ...credentials,
  });

  it('a picture and its thumbnail go to the bucket and are served from it', async () => {
    const borrower = await signIn(app, '09170000001');
    const url = (await uploadFile(app, borrower, await picture('png'))).body.data.url as string;
    const name = url.split('/').pop()!;
    expect([...s3.objects.keys()].sort()).toEqual(
      [`uploads/${name}`, `uploads/${name.replace('.png', '-thumb.webp')}`].sort(),
    );
    const res = await app.app.inject({ method: 'GET', url, headers: borrower });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(s3.objects.get(`uploads/${name}`)!)).toBe(true);
  });
});
