import { describe, expect, it } from 'vitest';
import { termsTextEn } from './terms-text.en';
import { termsTextFil } from './terms-text.fil';

describe('loan terms text (spec 001 §2.4)', () => {
  it('The Filipino terms have every English text, translated, with the same placeholders', () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(termsTextFil).sort()).toEqual(Object.keys(termsTextEn).sort());
    for (const [key, english] of Object.entries(termsTextEn)) {
      const filipino = termsTextFil[key as keyof typeof termsTextEn];
      expect(filipino, key).not.toBe(english);
      expect(holes(filipino), key).toEqual(holes(english));
    }
  });
});
