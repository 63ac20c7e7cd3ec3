import { href, pages } from '../../../shared/pages';
import { fallbackNavigate } from './fallback-navigate';
import { sendToHost } from './host';

/** Page keys of the host app's openPage hook (spec 000 §2). */
export type NativePageKey = 'setting' | 'main' | 'login' | 'order' | 'productDetail';
export type PageParams = Readonly<Record<string, string | number | undefined>>;

/** The web login page, asked to come back to where the borrower is now. */
export function loginHref(): string {
  const { pathname, search } = window.location;
  if (pathname === pages.login) return `${pathname}${search}`;
  return href('login', { redirect: `${pathname}${search}` });
}

function openPageFallback(page: NativePageKey, params: PageParams): string {
  switch (page) {
    case 'login':
      return loginHref();
    case 'order':
      // The web has no order list of its own: one order opens its details, else home lists them all.
      return params.orderId !== undefined
        ? href('loanDetail', { productId: params.productId, orderId: params.orderId })
        : pages.home;
    default:
      // main, setting, productDetail: the web home page lists products and orders.
      return pages.home;
  }
}

export function openPage(page: NativePageKey, params: PageParams = {}): void {
  if (!sendToHost('openPage', { page, params })) fallbackNavigate(openPageFallback(page, params));
}

/** Close the webview; in a browser go back, or home when this is the first page. */
export function closeWebview(): void {
  if (sendToHost('closeWebview')) return;
  if (window.history.length > 1) fallbackNavigate(-1);
  else fallbackNavigate(pages.home, { replace: true });
}

/**
 * Open an address. In a browser only a same-site path or an http(s) address is followed; anything
 * else (javascript:, data:) is dropped.
 */
export function goToPage(url: string): void {
  if (sendToHost('goToPage', { url })) return;
  if (url.startsWith('/') && !url.startsWith('//')) fallbackNavigate(url);
  else if (/^https?:\/\//i.test(url)) fallbackNavigate(url);
}

export function goHome(): void {
  if (!sendToHost('goHome')) fallbackNavigate(pages.home);
}

/** The host's "mine" screen; the web has no account screen, so home. */
export function goToMine(): void {
  if (!sendToHost('goToMine')) fallbackNavigate(pages.home);
}

export function logOutToLogin(): void {
  if (!sendToHost('logOutToLogin')) fallbackNavigate(loginHref(), { replace: true });
}

export function dialPhone(phone: string): void {
  if (sendToHost('dialPhone', { phone })) return;
  const dialable = phone.replace(/[^\d+]/g, '');
  if (dialable) fallbackNavigate(`tel:${dialable}`);
}

/** The app-store rating screen: nothing to do in a browser. */
export function goToRate(): void {
  sendToHost('goToRate');
}

/** An analytics event for the host app; a browser has no collector, so it is dropped quietly. */
export function trackingPoint(name: string, data: Readonly<Record<string, unknown>> = {}): void {
  sendToHost('trackingPoint', { name, data });
}

export function bankFlowStart(): void {
  sendToHost('bankFlowStart');
}

export function bankFlowEnd(): void {
  sendToHost('bankFlowEnd');
}
