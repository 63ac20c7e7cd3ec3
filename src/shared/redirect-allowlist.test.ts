import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedRedirect } from './redirect-allowlist';

const hosts = ['play.google.com', '*.hiram.ph'];

describe('Server-given addresses are allowlisted', () => {
  it.each([
    '/repay?orderId=86',
    '/loanDetail?orderId=1&sessionId=x',
    'https://play.google.com/store/apps/details?id=ph.hiram',
    'https://pay.hiram.ph/checkout/1',
    'HTTPS://PLAY.GOOGLE.COM/x',
  ])('allows %s', (address) => expect(isAllowedRedirect(address, hosts)).toBe(true));

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://play.google.com/x',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/x',
    'https://play.google.com.evil.example/x',
    'https://evilhiram.ph/x',
    'https://hiram.ph.evil.example/',
    'https://user:pass@play.google.com/',
    'https://play.google.com\\@evil.example/',
    'https://play.google.com%2f@evil.example/',
    'java\tscript:alert(1)',
    '',
    'not a url',
  ])('refuses %s', (address) => expect(isAllowedRedirect(address, hosts)).toBe(false));

  it('never allows a non-https scheme, whatever follows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('javascript:', 'data:', 'http:', 'file:', 'ftp:', 'blob:'),
        fc.string(),
        (scheme, rest) => {
          expect(isAllowedRedirect(scheme + rest, hosts)).toBe(false);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
