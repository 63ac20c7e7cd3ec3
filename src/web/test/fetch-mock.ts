import { vi } from 'vitest';

export interface SeenRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

export interface MockReply {
  status?: number;
  body: unknown;
}

/** A reply, or one that comes later (a test holds a call on the way). */
type Handler = (request: SeenRequest) => MockReply | Promise<MockReply>;

/** An envelope reply (architecture.md: The wire contract). */
export function envelope(data: unknown, code: number | string = 0, message = '', status = 200): MockReply {
  return { status, body: { code, data, message } };
}

/**
 * Replaces fetch with a table of path (under /owner) → reply. Unknown paths answer the 404
 * envelope, like the server. Returns the requests seen, for assertions.
 */
export function mockApi(routes: Record<string, MockReply | Handler>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://hiram.test');
    const request: SeenRequest = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    };
    seen.push(request);
    const route = routes[url.pathname.replace(/^\/owner/, '')];
    const reply =
      typeof route === 'function' ? await route(request) : (route ?? envelope(null, 40400, 'Not found', 404));
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}
