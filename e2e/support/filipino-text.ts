import type { Page } from 'playwright-core';
import { replyCatalogues } from '../../src/server/i18n/reply-texts';
import { en } from '../../src/web/lib/i18n/en';
import { fil } from '../../src/web/lib/i18n/fil';

/**
 * English left on a page read in Filipino. A visible text is English when it is an English
 * catalogue text (the pages' own and the labels the server writes into replies) whose Filipino
 * differs, or when it carries English words no Filipino sentence uses. The exceptions are listed
 * below: brand and product names, amounts, dates, phone numbers and references. The legal
 * documents are read in their Filipino translation
 * (src/server/features/loan-confirm/agreement-words.fil.ts), which says at the top that the English
 * text governs. The page sweep runs it on every Filipino stop (e2e/support/everyone-sweep.ts); the
 * catalogue's own check, that a Filipino text equal to its English is meant to be, is
 * src/web/lib/i18n/same-in-both.test.ts.
 */

/** English catalogue texts that differ in Filipino, as whole-text patterns (`{x}` is any value). */
function englishPatterns(): RegExp[] {
  const pairs: [string, string][] = [
    ...Object.entries(en).map(
      ([key, value]) => [value, (fil as Record<string, string>)[key] ?? ''] as [string, string],
    ),
    ...Object.entries(replyCatalogues.en).map(
      ([key, value]) => [value, (replyCatalogues.fil as Record<string, string>)[key] ?? ''] as [string, string],
    ),
  ];
  const patterns: RegExp[] = [];
  for (const [english, filipino] of pairs) {
    if (english === filipino) continue;
    // Only the words of the text count: a text that is all placeholders and signs says nothing in English.
    const literal = english.replace(/\{\w+\}/g, ' ');
    if (literal.replace(/[^A-Za-z]+/g, '').length < 3) continue;
    // A placeholder matches anything: one English word beside it would match Filipino too.
    if (literal !== english && (literal.match(/[A-Za-z]{2,}/g) ?? []).length < 2) continue;
    const escaped = english
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    patterns.push(new RegExp(`^${escaped}$`));
  }
  return patterns;
}

/** English words that a Filipino sentence does not use (Filipino borrows nouns such as loan and app, not these). */
const ENGLISH_WORDS =
  /\b(the|your|you|with|and|please|this|that|will|have|has|our|from|when|which|would|could|should|there|here|before|after|within)\b/i;

/** Names with English words in them, which a Filipino sentence keeps as they are. */
const PROPER_NAMES =
  /Securities and Exchange Commission|Truth in Lending|Implementing Rules and Regulations|National Privacy Commission/g;

/** Texts allowed in a Filipino page: names (the brand, products, wallets, banks, the regulator). */
const EXCEPTIONS: RegExp[] = [
  // What a staff member wrote to the borrower (the fixture's complaint reply, e2e/support/global-setup.ts).
  /^We found your payment and posted it\. Thank you for your patience\.$/,
  /^(Hiram( Cash| Flex| Plus| Lending Corp\.?| Lending Corporation)?|GCash|Maya|QR Ph|7-Eleven|Cebuana Lhuillier|Palawan Express|M Lhuillier|BDO|BPI|Metrobank|UnionBank|Landbank|PNB|Security Bank|RCBC|China Bank|EastWest|SEC|English|Filipino)$/,
  // Amounts, percentages, dates, numbers, references, phones, e-mail and web addresses.
  /^[-+₱\d.,:%/\s×()–—]+$/,
  /^[\w.+-]+@[\w.-]+$/,
  /^(https?:\/\/|www\.)\S+$/,
  /^HRM\d+$/,
  // The lender's registration, quoted as the SEC issued it.
  /^SEC Registration No\. \S+ · Certificate of Authority .+$/,
];

/** Every visible text of the page (text nodes, placeholders and labels read aloud), trimmed. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen: string[] = [];
    const visible = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
      }
      return el ? el.getClientRects().length > 0 : false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script,style,noscript,[data-lang-exempt]')) continue;
      const value = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (value && visible(parent)) seen.push(value);
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder],[aria-label]'))) {
      if (!visible(el) || el.closest('[data-lang-exempt]')) continue;
      for (const name of ['placeholder', 'aria-label']) {
        const value = el.getAttribute(name)?.trim();
        if (value) seen.push(value);
      }
    }
    return seen;
  });
}

const patterns = englishPatterns();

/** The page's visible texts that are English, once each. */
export async function englishLeft(page: Page): Promise<string[]> {
  const english = (await visibleTexts(page)).filter(
    (text) =>
      !EXCEPTIONS.some((allowed) => allowed.test(text)) &&
      (patterns.some((pattern) => pattern.test(text)) || ENGLISH_WORDS.test(text.replace(PROPER_NAMES, ''))),
  );
  return [...new Set(english)];
}
