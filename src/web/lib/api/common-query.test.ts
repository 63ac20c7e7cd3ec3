import { afterEach, describe, expect, it } from 'vitest';
import { endSession, setSession } from '../session';
import { withCommonQuery } from './common-params';

afterEach(() => endSession());

describe('spec 001 §4: playeduL with the common query string', () => {
  it("appends the page's query and the session parameters, never the session token", () => {
    setSession({ sessionId: 'secret-token', userId: '7', deviceId: 'dev-1', appName: 'Hiram', appVersion: '3.1' });
    const url = new URL(withCommonQuery('https://partner.example/offer?from=hiram#top', '?productId=1&orderId=86'));
    expect(url.origin + url.pathname).toBe('https://partner.example/offer');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: 'hiram',
      productId: '1',
      orderId: '86',
      userId: '7',
      deviceId: 'dev-1',
      appName: 'Hiram',
      appVersion: '3.1',
    });
    expect(url.hash).toBe('#top');
    expect(url.toString()).not.toContain('secret-token');
  });

  it('keeps what the address already says', () => {
    setSession({ userId: '7' });
    expect(withCommonQuery('/aboutUs?userId=9', '?orderId=86')).toBe('/aboutUs?userId=9&orderId=86');
  });
});
