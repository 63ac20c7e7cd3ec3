import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCallRequest, readEnvelope } from './call-request';
import { defineCall } from './define-call';

const post = defineCall({
  name: 'test.post',
  method: 'POST',
  path: '/v3/test/post',
  auth: true,
  success: 0,
  summary: 'a POST',
  request: z.object({ id: z.number(), tags: z.array(z.string()), note: z.string().optional() }),
  reply: z.object({}),
});

const get = defineCall({
  name: 'test.get',
  method: 'GET',
  path: '/v3/test/get',
  auth: true,
  success: 0,
  summary: 'a GET',
  request: z.object({ page: z.number(), lang: z.string() }),
  reply: z.object({}),
});

describe('one request builder for the borrower pages and the back office', () => {
  it('a POST is form-encoded: undefined left out, a list comma-joined, the client headers added', () => {
    const { url, init } = buildCallRequest(
      post,
      { id: 7, tags: ['a', 'b'], note: undefined },
      { query: [], headers: { authorization: 'Staff abc' } },
    );
    expect(url).toBe('/owner/v3/test/post');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('id=7&tags=a%2Cb');
    expect(init.headers).toMatchObject({
      authorization: 'Staff abc',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
  });

  it('a GET carries its payload on the query string, over the client parameters of the same name', () => {
    const { url, init } = buildCallRequest(
      get,
      { page: 2, lang: 'fil' },
      {
        query: [
          ['lang', 'en'],
          ['deviceId', 'd1'],
        ],
        headers: {},
      },
    );
    expect(url).toBe('/owner/v3/test/get?deviceId=d1&page=2&lang=fil');
    expect(init.body).toBeUndefined();
  });

  it('reads the envelope whatever the status, and nothing from a page that is not one', async () => {
    const refused = new Response(JSON.stringify({ code: 40100, message: 'Sign in again' }), { status: 401 });
    expect(await readEnvelope(refused)).toEqual({ code: 40100, data: null, message: 'Sign in again' });
    expect(await readEnvelope(new Response('<html>Bad gateway</html>', { status: 502 }))).toBeUndefined();
  });
});
