import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * What every page is checked for, at every width and in every language. Each check
 * returns what it found wrong, described for a person, so a failure names the element.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  any?: { message?: string }[];
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * axe-core as a context's script for its pages (`BrowserContext.addInitScript`), in the top frame
 * only, as `axeViolations` puts it there. Compiling axe's 650 KB costs a fresh page about a quarter
 * of a second; a page that goes from address to address in one tab compiles it once, and
 * `axeViolations` then finds it in place.
 */
export const axeInTopFrame = `if (window === window.top) {\n${axeSource}\n}`;

/** axe-core's serious and critical violations (WCAG 2.1 A/AA and best practices). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged once fades and transitions have ended: mid-way they are lighter than they
  // will be, and contrast would fail or pass by timing alone.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  // Evaluated through the debugger protocol, which the page's CSP (script-src 'self') allows.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // axe-core's own global, put there by the script tag above.
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}) at ${JSON.stringify(n.target)}: ${n.any?.[0]?.message ?? v.help}`),
    );
}

/** The page is wider than the screen: the reader would have to scroll sideways. */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth;
    if (wide <= width) return [];
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return [`page is ${wide}px wide on a ${width}px screen: ${culprits.join(', ')}`];
  });
}

/** Text cut off by its box (overflow hidden, no ellipsis meant to show it). */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (!el.offsetParent || !el.textContent?.trim()) continue;
      if (el.closest('[aria-hidden="true"], .visually-hidden')) continue;
      // Sideways carousels hold their off-screen slides on purpose.
      if (el.querySelector('[aria-roledescription="slide"], .adm-swiper-track, .adm-tabs-tab-list')) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`"${el.textContent.trim().slice(0, 40)}" in ${el.tagName.toLowerCase()}.${el.className}`);
    }
    return found;
  });
}

const CONTROLS =
  'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox], [role=radio], [role=link], [tabindex]:not([tabindex="-1"])';

/**
 * Controls smaller than 44×44 px. Links inside running text are exempt (WCAG 2.5.5),
 * as are controls whose tap area is a larger labelled box around them.
 */
export function smallTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate(
    ({ selector, min: least }) => {
      const found: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.closest('[aria-hidden="true"]')) continue;
        const inText =
          el.tagName === 'A' &&
          getComputedStyle(el).display === 'inline' &&
          /\S/.test(el.parentElement?.textContent?.replace(el.textContent ?? '', '') ?? '');
        if (inText) continue;
        const tapArea = el.closest('label, .adm-list-item, [data-tap-area]')?.getBoundingClientRect();
        const w = Math.max(box.width, tapArea?.width ?? 0);
        const h = Math.max(box.height, tapArea?.height ?? 0);
        if (w + 0.5 < least || h + 0.5 < least) {
          const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
          found.push(`${el.tagName.toLowerCase()} "${name}" is ${Math.round(w)}×${Math.round(h)}`);
        }
      }
      return found;
    },
    { selector: CONTROLS, min },
  );
}

/** Controls that Tab never reaches (the page is walked with the keyboard, up to 150 stops). */
export async function unreachableByKeyboard(page: Page): Promise<string[]> {
  await page.evaluate((selector) => {
    let n = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if ((el as HTMLButtonElement).disabled || el.closest('[aria-hidden="true"], [inert]')) continue;
      // Left out of the Tab order on purpose, reached with the arrow keys (tabs, radio groups).
      if (el.getAttribute('tabindex') === '-1') continue;
      // A native radio group is one Tab stop, its checked radio, or its first while none is
      // checked (a rating not given yet); the arrow keys move within it.
      if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && el.name) {
        const group = `input[type="radio"][name="${CSS.escape(el.name)}"]`;
        if (document.querySelector(`${group}:checked`) || document.querySelector(group) !== el) continue;
      }
      el.dataset.kbdControl = String(n++);
    }
    (document.activeElement as HTMLElement | null)?.blur();
  }, CONTROLS);
  // Each Tab's landing is recorded by the page itself once the key is up (where the focus settled),
  // so the walk asks the page only between batches: as many Tabs as controls are still unreached.
  const total = await page.evaluate(() => {
    const reached = new Set<string>();
    (window as unknown as { kbdReached: Set<string> }).kbdReached = reached;
    window.addEventListener(
      'keyup',
      (event) => {
        if (event.key !== 'Tab') return;
        const id = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-kbd-control]')?.dataset
          .kbdControl;
        if (id !== undefined) reached.add(id);
      },
      true,
    );
    return document.querySelectorAll('[data-kbd-control]').length;
  });
  const reachedSoFar = () => page.evaluate(() => [...(window as unknown as { kbdReached: Set<string> }).kbdReached]);
  let reached: string[] = [];
  for (let pressed = 0; pressed < 150 && reached.length < total; ) {
    const batch = Math.min(150 - pressed, total - reached.length);
    for (let i = 0; i < batch; i += 1) await page.keyboard.press('Tab');
    pressed += batch;
    reached = await reachedSoFar();
  }
  return page.evaluate(
    (ids) =>
      [...document.querySelectorAll<HTMLElement>('[data-kbd-control]')]
        .filter((el) => !ids.includes(el.dataset.kbdControl ?? ''))
        // A control hidden while the walk went on (a carousel moved on by itself) is not missed.
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && !el.closest('[aria-hidden="true"], [inert]');
        })
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}"`,
        ),
    reached,
  );
}

/**
 * The SVG markup of a picture written into the page as a `data:` address (Vite encodes
 * an SVG as text or, when the text would not survive as an address, base64), or null when the
 * picture is a request of its own.
 */
export function inlineSvg(src: string | null): string | null {
  const base64 = 'data:image/svg+xml;base64,';
  const text = 'data:image/svg+xml,';
  if (src?.startsWith(base64)) return Buffer.from(src.slice(base64.length), 'base64').toString('utf8');
  if (src?.startsWith(text)) return decodeURIComponent(src.slice(text.length));
  return null;
}
