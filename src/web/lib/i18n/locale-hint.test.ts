import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale';
import { mayNeedLocale } from './locale-hint';

describe('the language hint', () => {
  it('Whenever the full choice is not English, or the address chooses, the hint loads it', () => {
    const tag = fc.constantFrom(
      'en',
      'en-US',
      'fil',
      'fil-PH',
      'tl',
      'tl_PH',
      'ja-JP',
      'es',
      'filipino',
      'english',
      ' fil',
      '',
    );
    fc.assert(
      fc.property(
        fc.option(tag, { nil: null }),
        fc.option(tag, { nil: null }),
        fc.array(tag, { maxLength: 4 }),
        (param, stored, browser) => {
          const chosen = pickLocale(param, stored, browser);
          if (chosen !== 'en' || param !== null) expect(mayNeedLocale({ param, stored, browser })).toBe(true);
        },
      ),
    );
  });

  it('An English reader with no choice skips the language code', () => {
    expect(mayNeedLocale({ param: null, stored: null, browser: ['en-US', 'fil'] })).toBe(false);
    expect(mayNeedLocale({ param: null, stored: 'en', browser: ['fil-PH'] })).toBe(false);
    expect(mayNeedLocale({ param: null, stored: null, browser: ['ja-JP'] })).toBe(false);
    expect(mayNeedLocale({ param: null, stored: null, browser: ['ja-JP', 'fil-PH'] })).toBe(true);
    expect(mayNeedLocale({ param: 'en', stored: null, browser: [] })).toBe(true);
  });
});
