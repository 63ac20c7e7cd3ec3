import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(__dirname, '..');
const stylesheets = (readdirSync(web, { recursive: true }) as string[]).filter((file) => file.endsWith('.css'));

/** Rules drawn when an element has the keyboard's focus, and the outline each one sets. */
function focusOutlines(css: string): { selector: string; outline: string }[] {
  const rules = css.matchAll(/([^{}]*:focus-(?:visible|within)[^{}]*)\{([^}]*)\}/g);
  return [...rules].flatMap(([, selector = '', body = '']) => {
    const outline = /(?:^|;|\s)outline:\s*([^;]+)/.exec(body)?.[1]?.trim();
    return outline ? [{ selector: selector.trim(), outline }] : [];
  });
}

describe('app/global.css: one keyboard focus ring across the pages', () => {
  it('every focus outline is drawn in the highlight colour (white on the orange title bar)', () => {
    const outlines = stylesheets.flatMap((file) =>
      focusOutlines(readFileSync(join(web, file), 'utf8')).map((rule) => ({ file, ...rule })),
    );
    expect(outlines.length).toBeGreaterThan(5);
    const others = outlines.filter(({ outline }) => !/var\(--hiram-(?:highlight|on-primary)\)/.test(outline));
    expect(others.map(({ file, selector, outline }) => `${file} ${selector}: ${outline}`)).toEqual([]);
  });
});
