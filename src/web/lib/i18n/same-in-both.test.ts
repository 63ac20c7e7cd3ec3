import { describe, expect, it } from 'vitest';
import { replyCatalogues } from '../../../server/i18n/reply-texts';
import { en } from './en';
import { fil } from './fil';

/**
 * Catalogue texts the same in both languages on purpose: names, and words Filipino uses as they
 * are (e-mail, menu, SMS, e-wallet, order, payout, personal, home). Any other Filipino text equal to
 * its English is a text nobody translated.
 */
const SAME_IN_BOTH = new Set([
  'Hiram',
  'Back office',
  'Menu',
  'WhatsApp',
  'E-mail',
  'Email',
  'Order',
  'Home',
  'SEC Registration No. {sec} · Certificate of Authority {ca}',
  'GCash (Pay Bills)',
  'Maya (Pay Bills)',
  'Personal',
  'Payout',
  'E-wallet',
]);

describe('Filipino catalogue', () => {
  it('every Filipino catalogue text equal to its English is a listed exception', () => {
    const same = [
      ...Object.entries(en).filter(([key, value]) => (fil as Record<string, string>)[key] === value),
      ...Object.entries(replyCatalogues.en).filter(
        ([key, value]) => (replyCatalogues.fil as Record<string, string>)[key] === value,
      ),
    ]
      .filter(([, value]) => /[A-Za-z]{3}/.test(value.replace(/\{\w+\}/g, '')))
      .filter(([, value]) => !SAME_IN_BOTH.has(value));
    expect(same).toEqual([]);
  });
});
