import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pages } from '../src/shared/pages';
import { e2eServer } from './support/server';

/**
 * Headers: every page of both specs, the API, its docs and a static asset carry the
 * security headers of architecture.md: Sessions. Plain HTTP against the running system; no browser needed.
 */
const base = e2eServer().baseUrl;
const addresses = [
  ...Object.values(pages),
  '/owner/v3/public/company',
  '/owner/v3/home/overview',
  '/owner/docs',
  '/favicon.svg',
  '/no-such-page',
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Security headers on every page', () => {
  it.each(addresses)('%s', async (path) => {
    const res = await fetch(base + path, { redirect: 'manual' });
    const h = res.headers;
    const csp = directives(h.get('content-security-policy') ?? '');
    const script = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(script.length, 'a script-src').toBeGreaterThan(0);
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(script).not.toContain('*');
    expect(csp.get('frame-ancestors')).toBeDefined();
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(h.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('The boot module written into a page runs under that policy', () => {
  it.each([pages.officialSite, pages.aboutUs, pages.login])(
    '%s: each inline script is allowed by its hash',
    async (path) => {
      const res = await fetch(base + path);
      const script = directives(res.headers.get('content-security-policy') ?? '').get('script-src') ?? [];
      const inline = [...(await res.text()).matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(
        (match) => match[1] ?? '',
      );
      expect(inline).toHaveLength(1);
      for (const source of inline)
        expect(script).toContain(`'sha256-${createHash('sha256').update(source).digest('base64')}'`);
    },
  );
});
