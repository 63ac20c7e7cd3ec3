import { describe, expect, it } from 'vitest';
import { Code, httpStatusFor } from './codes';
import { isSuccess } from './envelope';
import { href, pages } from './pages';

describe('spec 000 §8 success codes', () => {
  it('is successful only when the code parses to integer 0', () => {
    expect(isSuccess(0, 0)).toBe(true);
    expect(isSuccess('0', 0)).toBe(true);
    expect(isSuccess(1, 0)).toBe(false);
    expect(isSuccess('00x', 0)).toBe(true); // parseInt semantics of the original helper
    expect(isSuccess(undefined, 0)).toBe(false);
  });

  it('complaint, upload and score calls treat "00" as success', () => {
    expect(isSuccess('00', '00')).toBe(true);
    expect(isSuccess('01', '00')).toBe(false);
  });

  it('maps our own codes to HTTP statuses and leaves the spec codes at 200', () => {
    expect(httpStatusFor(Code.SESSION_EXPIRED)).toBe(401);
    expect(httpStatusFor(Code.BAD_REQUEST)).toBe(400);
    expect(httpStatusFor(Code.WRONG_CAPTCHA)).toBe(200);
    expect(httpStatusFor(Code.LEGACY_DUPLICATE)).toBe(200);
  });
});

describe('page registry', () => {
  it('builds addresses with a query, leaving out empty values', () => {
    expect(href('loanDetail', { productId: 1, orderId: 86, x: undefined, y: '' })).toBe(
      `${pages.loanDetail}?productId=1&orderId=86`,
    );
    expect(href('officialSite')).toBe('/');
  });
});
