import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

const origin = 'https://hiram.example';

describe('redirect after sign-in (architecture.md: Sessions)', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirect('/loanDetail?productId=1&orderId=86#plan', origin)).toBe(
      '/loanDetail?productId=1&orderId=86#plan',
    );
  });

  it('goes home without a redirect, or for another site, or back to the login page', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'home',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/login?redirect=/x',
    ]) {
      expect(safeRedirect(raw, origin), String(raw)).toBe('/home');
    }
  });
});
