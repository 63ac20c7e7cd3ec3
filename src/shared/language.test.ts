import { describe, expect, it } from 'vitest';
import { languageOf, pickLanguage } from './language';

describe('languages (architecture.md: Languages and departures)', () => {
  it('Filipino and Tagalog tags are Filipino, any English tag is English, others none', () => {
    expect(['fil', 'FIL_ph', 'tl-PH', ' tl'].map(languageOf)).toEqual(['fil', 'fil', 'fil', 'fil']);
    expect(['en', 'en-US', 'EN_gb'].map(languageOf)).toEqual(['en', 'en', 'en']);
    expect(['filipino', 'ja-JP', '', null, undefined].map(languageOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('The first tag of ours wins; English when none is', () => {
    expect(pickLanguage(['ja-JP', 'fil-PH', 'en'])).toBe('fil');
    expect(pickLanguage([null, 'en', 'fil'])).toBe('en');
    expect(pickLanguage(['ja-JP'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
