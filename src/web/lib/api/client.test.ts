import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineCall } from '../../../shared/api/define-call';
import { Code } from '../../../shared/codes';
import { HTTP_TIMEOUT_MS } from '../../../shared/constants';
import { contactInfo } from '../../../shared/contracts/support';
import { z } from 'zod';
import { envelope, mockApi } from '../../test/fetch-mock';
import { t } from '../i18n';
import { logOutToLogin } from '../native-bridge';
import { clearSession, getSession, resetSessionExpiry, setSession } from '../session';
import { showLoading, showToast } from '../toast';
import { callApi } from './client';
import { ClientCode } from './errors';

const hideLoading = vi.fn();
vi.mock('../toast', () => ({ showToast: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => hideLoading) }));
vi.mock('../native-bridge', () => ({ logOutToLogin: vi.fn() }));

const postCall = defineCall({
  name: 'test.post',
  method: 'POST',
  path: '/v3/test/post',
  auth: true,
  success: 0,
  summary: 'a POST',
  request: z.object({ orderId: z.number(), note: z.string().optional(), images: z.array(z.string()).optional() }),
  reply: z.object({ ok: z.boolean() }),
});

const getCall = defineCall({
  name: 'test.get',
  method: 'GET',
  path: '/v3/test/get',
  auth: true,
  success: 0,
  summary: 'a GET',
  request: z.object({ productId: z.number(), orderId: z.number().optional() }),
  reply: z.object({ name: z.string() }),
});

const stringSuccessCall = defineCall({
  name: 'test.upload',
  method: 'POST',
  path: '/user-problem/save-score',
  auth: true,
  success: '00',
  summary: 'a call whose success code is "00"',
  request: z.object({ score: z.number() }),
  reply: z.object({}),
});

beforeEach(() => {
  vi.clearAllMocks();
  resetSessionExpiry();
  setSession({ sessionId: 'tok-1', userId: '7', deviceId: 'dev-9', appVersion: '1.0.0', appName: 'hiram' });
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callApi request (spec 000 §7, architecture.md: The wire contract–4)', () => {
  it('spec 000 §7: POST sends the payload form-encoded, skipping undefined, under /owner', async () => {
    const seen = mockApi({ '/v3/test/post': envelope({ ok: true }) });
    await callApi(postCall, { orderId: 86, note: undefined, images: ['a.png', 'b.png'] });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/owner/v3/test/post');
    expect(request?.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(request?.body).toBe('orderId=86&images=a.png%2Cb.png');
  });

  it('spec 000 §7: GET sends the payload as query parameters and no body', async () => {
    const seen = mockApi({ '/v3/test/get': envelope({ name: 'x' }) });
    await callApi(getCall, { productId: 1, orderId: undefined });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url.searchParams.get('productId')).toBe('1');
    expect(seen[0]?.url.searchParams.has('orderId')).toBe(false);
    expect(seen[0]?.body).toBe('');
  });

  it('spec 000 §9: every call sends X-Requested-With', async () => {
    const seen = mockApi({ '/v3/test/get': envelope({ name: 'x' }), '/v3/test/post': envelope({ ok: true }) });
    await callApi(getCall, { productId: 1 });
    await callApi(postCall, { orderId: 1 });
    expect(seen.map((r) => r.headers.get('X-Requested-With'))).toEqual(['XMLHttpRequest', 'XMLHttpRequest']);
  });

  it('architecture.md: Sessions: the token goes in Authorization, the other session parameters on the query string', async () => {
    const seen = mockApi({ '/v3/test/post': envelope({ ok: true }) });
    await callApi(postCall, { orderId: 1 });
    const request = seen[0];
    expect(request?.headers.get('Authorization')).toBe('Session tok-1');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      userId: '7',
      deviceId: 'dev-9',
      appVersion: '1.0.0',
      appName: 'hiram',
    });
    expect(request?.url.searchParams.has('sessionId')).toBe(false);
  });

  it('spec 000 §7: the common parameters are rebuilt when the session changes', async () => {
    const seen = mockApi({ '/v3/test/get': envelope({ name: 'x' }) });
    await callApi(getCall, { productId: 1 });
    setSession({ sessionId: 'tok-2', userId: '8' });
    await callApi(getCall, { productId: 1 });
    clearSession();
    await callApi(getCall, { productId: 1 });
    expect(seen.map((r) => r.headers.get('Authorization'))).toEqual(['Session tok-1', 'Session tok-2', null]);
    expect(seen.map((r) => r.url.searchParams.get('userId'))).toEqual(['7', '8', null]);
  });
});

describe('callApi reply (spec 000 §8)', () => {
  it('spec 000 §8: code 0 is a success and passes the data on without a toast', async () => {
    mockApi({ '/v3/test/post': envelope({ ok: true }) });
    const result = await callApi(postCall, { orderId: 1 });
    expect(result).toEqual({ success: true, code: 0, message: '', data: { ok: true } });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('spec 000 §8: code "00" is a success only for the calls marked so', async () => {
    mockApi({ '/user-problem/save-score': envelope({}, '00'), '/v3/test/post': envelope({ ok: true }, '00') });
    expect((await callApi(stringSuccessCall, { score: 4 })).success).toBe(true);
    // "00" parses to integer 0, which spec 000 §8 counts as success for the integer calls too
    expect((await callApi(postCall, { orderId: 1 })).success).toBe(true);
  });

  it('spec 000 §8: a "00" call fails on any other code', async () => {
    mockApi({ '/user-problem/save-score': envelope(null, '01', 'Score refused') });
    const result = await callApi(stringSuccessCall, { score: 4 });
    expect(result.success).toBe(false);
    expect(showToast).toHaveBeenCalledWith('Score refused');
  });

  it('spec 000 §8: non-zero code shows the server message and still passes the result', async () => {
    mockApi({ '/v3/test/post': envelope({ ok: false }, 40900, 'Order already submitted', 409) });
    const result = await callApi(postCall, { orderId: 1 });
    expect(result).toEqual({ success: false, code: 40900, message: 'Order already submitted', data: { ok: false } });
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('Order already submitted');
  });

  it('spec 000 §8: a failure without a message shows a general one', async () => {
    mockApi({ '/v3/test/post': envelope(null, 50000, '', 500) });
    const result = await callApi(postCall, { orderId: 1 });
    expect(result.message).toBe(t('api.failed'));
    expect(showToast).toHaveBeenCalledWith(t('api.failed'));
  });

  it('spec 001 §8: silent calls pass failures on without a toast', async () => {
    mockApi({ '/v3/test/post': envelope(null, 40000, 'Bad amount', 400) });
    const result = await callApi(postCall, { orderId: 1 }, { silent: true });
    expect(result.success).toBe(false);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('architecture.md: The wire contract: a reply that is not the envelope fails as BAD_REPLY', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const result = await callApi(postCall, { orderId: 1 });
    expect(result).toMatchObject({ success: false, code: ClientCode.BAD_REPLY, data: null });
    expect(showToast).toHaveBeenCalledWith(t('api.badReply'));
  });

  it('spec 000 §7: the loading toast shows the text and ends when the reply arrives', async () => {
    mockApi({ '/v3/test/post': envelope({ ok: true }) });
    await callApi(postCall, { orderId: 1 }, { loading: 'Loading…' });
    expect(showLoading).toHaveBeenCalledWith('Loading…');
    expect(hideLoading).toHaveBeenCalledTimes(1);
  });

  it('spec 000 §7: no loading toast without a loading text', async () => {
    mockApi({ '/v3/test/post': envelope({ ok: true }) });
    await callApi(postCall, { orderId: 1 });
    expect(showLoading).not.toHaveBeenCalled();
  });
});

describe('callApi network failures (spec 000 §8, deliberate departure)', () => {
  it('spec 000 §8: a network failure resolves NETWORK, ends the loading toast and says the network failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const result = await callApi(postCall, { orderId: 1 }, { loading: 'Loading…' });
    expect(result).toEqual({ success: false, code: ClientCode.NETWORK, message: t('api.networkFailed'), data: null });
    expect(hideLoading).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(t('api.networkFailed'));
  });

  it('spec 000 §9: a call still unanswered after 60000 ms is aborted and resolves NETWORK', async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('The operation was aborted.', 'AbortError'));
            });
          }),
      ),
    );
    const pending = callApi(postCall, { orderId: 1 }, { loading: 'Loading…' });
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    expect(hideLoading).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(aborted).toBe(true);
    expect(result.code).toBe(ClientCode.NETWORK);
    expect(hideLoading).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(t('api.networkFailed'));
  });

  it('a call the caller cancels resolves ABORTED without a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = callApi(postCall, { orderId: 1 }, { signal: controller.signal });
    controller.abort();
    expect((await pending).code).toBe(ClientCode.ABORTED);
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('callApi expired session (architecture.md: Sessions)', () => {
  it('architecture.md: Sessions: the session-expired code calls the one handler, which clears the session and logs out to login', async () => {
    mockApi({ '/v3/test/post': envelope(null, Code.SESSION_EXPIRED, 'Please sign in again', 401) });
    const result = await callApi(postCall, { orderId: 1 });
    expect(result).toMatchObject({ success: false, code: Code.SESSION_EXPIRED, message: 'Please sign in again' });
    expect(logOutToLogin).toHaveBeenCalledTimes(1);
    expect(getSession()).toEqual({});
  });

  it('architecture.md: Sessions: a burst of expired replies logs out once', async () => {
    mockApi({
      '/v3/test/post': envelope(null, Code.SESSION_EXPIRED, 'Please sign in again', 401),
      '/v3/personal-center/contact-kf-info': envelope(null, Code.SESSION_EXPIRED, 'Please sign in again', 401),
    });
    await Promise.all([callApi(postCall, { orderId: 1 }), callApi(contactInfo, { overall: 30 })]);
    expect(logOutToLogin).toHaveBeenCalledTimes(1);
  });

  it('architecture.md: Sessions: other failure codes do not touch the session', async () => {
    mockApi({ '/v3/test/post': envelope(null, Code.FORBIDDEN, 'Not your order', 403) });
    await callApi(postCall, { orderId: 1 });
    expect(logOutToLogin).not.toHaveBeenCalled();
    expect(getSession().sessionId).toBe('tok-1');
  });
});
