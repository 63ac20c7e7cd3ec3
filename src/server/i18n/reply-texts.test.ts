import { describe, expect, it } from 'vitest';
import { replyLocale } from './reply-locale';
import { replyCatalogues, replyText } from './reply-texts';

describe('reply texts', () => {
  it('The reply language follows Accept-Language, by preference, English by default', () => {
    expect(replyLocale('fil')).toBe('fil');
    expect(replyLocale('tl-PH,en;q=0.5')).toBe('fil');
    expect(replyLocale('en;q=0.4, fil;q=0.9')).toBe('fil');
    expect(replyLocale('ja-JP, en-US;q=0.8, fil;q=0.5')).toBe('en');
    expect(replyLocale('fil;q=0, en')).toBe('en');
    expect(replyLocale(undefined)).toBe('en');
    expect(replyLocale(['de', 'fil'])).toBe('fil');
  });

  it('Every Filipino reply text keeps the English placeholders and is not empty', () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, english] of Object.entries(replyCatalogues.en)) {
      const filipino = replyCatalogues.fil[key as keyof typeof replyCatalogues.en];
      expect(filipino.trim(), key).not.toBe('');
      expect(holes(filipino), key).toEqual(holes(english));
    }
    expect(replyText('fil', 'bind.walletNumber', { name: 'GCash' })).toBe('Numero ng GCash');
  });
});

describe('error messages', () => {
  it('Every error code of the catalogue has a Filipino message; English keeps the given one', async () => {
    const { Code } = await import('../../shared/codes');
    const { errorMessage, filErrorMessages } = await import('./error-messages');
    for (const code of Object.values(Code).filter((c) => c !== Code.OK && c !== Code.OK_STRING)) {
      expect(filErrorMessages[String(code)], String(code)).toBeTruthy();
    }
    expect(errorMessage(42201, 'Wrong code', 'fil-PH')).toBe('Mali ang code. Pakisubukang muli.');
    expect(errorMessage(42201, 'Wrong code', 'en')).toBe('Wrong code');
    expect(errorMessage(12345, 'Something specific', 'fil')).toBe('Something specific');
  });
});
