import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bankFlowEnd,
  bankFlowStart,
  closeWebview,
  dialPhone,
  goHome,
  goToMine,
  goToPage,
  goToRate,
  isInNativeApp,
  logOutToLogin,
  openPage,
  setFallbackNavigate,
  trackingPoint,
} from './index';

type Win = Window & { HiramNative?: unknown; webkit?: unknown };
const win = window as Win;
const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setFallbackNavigate(navigate);
  window.history.replaceState(null, '', '/loanDetail?productId=1&orderId=86');
});

afterEach(() => {
  delete win.HiramNative;
  delete win.webkit;
  setFallbackNavigate();
  vi.restoreAllMocks();
});

describe('Android host (architecture.md: Native bridge)', () => {
  it('architecture.md: Native bridge: calls the HiramNative method of the same name with a JSON string', () => {
    const host = { openPage: vi.fn(), dialPhone: vi.fn(), closeWebview: vi.fn() };
    win.HiramNative = host;
    openPage('productDetail', { productId: 3 });
    dialPhone('09171234567');
    closeWebview();
    expect(host.openPage).toHaveBeenCalledWith(JSON.stringify({ page: 'productDetail', params: { productId: 3 } }));
    expect(host.dialPhone).toHaveBeenCalledWith('{"phone":"09171234567"}');
    expect(host.closeWebview).toHaveBeenCalledWith('{}');
    expect(navigate).not.toHaveBeenCalled();
    expect(isInNativeApp()).toBe(true);
  });

  it('architecture.md: Native bridge: keeps the host object as `this` (a JavascriptInterface needs it)', () => {
    const host = {
      seen: undefined as unknown,
      goHome(this: { seen: unknown }, json: string) {
        this.seen = json;
      },
    };
    win.HiramNative = host;
    goHome();
    expect(host.seen).toBe('{}');
  });

  it('architecture.md: Native bridge: an app version without a hook falls back like a browser', () => {
    win.HiramNative = { closeWebview: vi.fn() };
    goHome();
    expect(navigate).toHaveBeenCalledWith('/home', undefined);
  });

  it('architecture.md: Native bridge: a hook that throws falls back like a browser', () => {
    win.HiramNative = {
      goToMine: () => {
        throw new Error('bridge broken');
      },
    };
    goToMine();
    expect(navigate).toHaveBeenCalledWith('/home', undefined);
  });
});

describe('iOS host (architecture.md: Native bridge)', () => {
  it('architecture.md: Native bridge: posts the payload object to webkit.messageHandlers.<name>', () => {
    const trackingPointHandler = { postMessage: vi.fn() };
    const logOut = { postMessage: vi.fn() };
    win.webkit = { messageHandlers: { trackingPoint: trackingPointHandler, logOutToLogin: logOut } };
    trackingPoint('repay_click', { orderId: 86 });
    logOutToLogin();
    expect(trackingPointHandler.postMessage).toHaveBeenCalledWith({ name: 'repay_click', data: { orderId: 86 } });
    expect(logOut.postMessage).toHaveBeenCalledWith({});
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('browser fallbacks (architecture.md: Native bridge)', () => {
  it('architecture.md: Native bridge: close goes back when there is a previous page', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    closeWebview();
    expect(navigate).toHaveBeenCalledWith(-1, undefined);
  });

  it('architecture.md: Native bridge: close goes home when this is the first page', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    closeWebview();
    expect(navigate).toHaveBeenCalledWith('/home', { replace: true });
  });

  it('architecture.md: Native bridge: home, main and mine go to the web home page', () => {
    goHome();
    openPage('main');
    goToMine();
    expect(navigate.mock.calls.map((call) => call[0])).toEqual(['/home', '/home', '/home']);
  });

  it('architecture.md: Native bridge: login and log-out-to-login go to the web login page, asking to come back here', () => {
    logOutToLogin();
    openPage('login');
    const back = encodeURIComponent('/loanDetail?productId=1&orderId=86');
    expect(navigate).toHaveBeenNthCalledWith(1, `/login?redirect=${back}`, { replace: true });
    expect(navigate).toHaveBeenNthCalledWith(2, `/login?redirect=${back}`, undefined);
  });

  it('architecture.md: Native bridge: on the login page itself, log out keeps the redirect it already has', () => {
    window.history.replaceState(null, '', '/login?redirect=%2Frepay');
    logOutToLogin();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Frepay', { replace: true });
  });

  it('architecture.md: Native bridge: the order page opens the order details, or home without an order', () => {
    openPage('order', { productId: 1, orderId: 86 });
    openPage('order');
    expect(navigate.mock.calls.map((call) => call[0])).toEqual(['/loanDetail?productId=1&orderId=86', '/home']);
  });

  it('architecture.md: Native bridge: dial opens a tel: address', () => {
    dialPhone('0917 123 4567');
    expect(navigate).toHaveBeenCalledWith('tel:09171234567', undefined);
  });

  it('architecture.md: Native bridge: go to page follows site paths and http(s) addresses only', () => {
    goToPage('/repay?orderId=1');
    goToPage('https://pay.example.ph/r/1');
    goToPage('javascript:alert(1)');
    goToPage('//evil.example');
    expect(navigate.mock.calls.map((call) => call[0])).toEqual(['/repay?orderId=1', 'https://pay.example.ph/r/1']);
  });

  it('architecture.md: Native bridge: rate, tracking and bank flow do nothing in a browser, quietly', () => {
    const debug = vi.spyOn(console, 'debug');
    const log = vi.spyOn(console, 'log');
    goToRate();
    trackingPoint('page_view');
    bankFlowStart();
    bankFlowEnd();
    expect(navigate).not.toHaveBeenCalled();
    expect(debug).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    expect(isInNativeApp()).toBe(false);
  });
});
