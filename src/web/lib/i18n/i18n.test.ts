import { describe, expect, it } from 'vitest';
import { pages } from '../../../shared/pages';
import { antdMobileLocale, en, getLocale, interpolate, type Messages, setLocale, t } from './index';
import { languageOf } from '../../../shared/language';
import { loadLocale, pickLocale } from './locale';

describe('message catalogue (architecture.md: Languages and departures)', () => {
  it('architecture.md: Languages and departures: t() returns the English text', () => {
    expect(t('page.bindBank')).toBe('Payment account information');
    expect(t('page.complaint')).toBe('Online service');
    expect(t('page.loanTerms')).toBe('Loan terms and conditions');
    expect(t('page.jointLoginFailure')).toBe('Order Details');
  });

  it('architecture.md: Languages and departures: t() fills {name} placeholders', () => {
    expect(t('auth.resendIn', { seconds: 42 })).toBe('Resend in 42 s');
    expect(t('home.amountRange', { min: '₱1,000.00', max: '₱5,000.00' })).toBe('₱1,000.00 – ₱5,000.00');
  });

  it('a placeholder without a value stays visible rather than vanishing', () => {
    expect(interpolate('Hello {name}, {other}', { name: 'Ana' })).toBe('Hello Ana, {other}');
  });

  it('architecture.md: Languages and departures: every page of the registry has a title and no message is empty', () => {
    for (const name of Object.keys(pages)) expect(Object.hasOwn(en, `page.${name}`), name).toBe(true);
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('');
  });

  it('spec 000 §1: the catalogue is English, with no Chinese, Spanish or Indonesian leftovers', () => {
    for (const text of Object.values(en)) expect(text).not.toMatch(/[\u3400-\u9fff]/);
    expect(Object.values(en)).not.toContain('Silakan pilih');
  });

  it('architecture.md: Languages and departures: another catalogue must have every key (checked by the type checker)', () => {
    // @ts-expect-error a catalogue missing keys is a type error
    const partial: Messages = { 'app.name': 'Hiram' };
    // @ts-expect-error a message with a placeholder needs its values
    const missingVars = () => t('auth.resendIn');
    // @ts-expect-error an unknown key is a type error
    const unknownKey = () => t('no.such.key');
    expect(partial).toBeDefined();
    expect(missingVars).toBeTypeOf('function');
    expect(unknownKey).toBeTypeOf('function');
  });
});

describe('Filipino', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('The fil catalogue has exactly the English keys, none empty, the same placeholders', async () => {
    const { fil } = await import('./fil');
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(fil[key].trim(), key).not.toBe('');
      expect(placeholders(fil[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('Most texts are translated, not copied (names, numbers and codes may stay)', async () => {
    const { fil } = await import('./fil');
    const keys = Object.keys(en) as (keyof typeof en)[];
    const same = keys.filter((key) => fil[key] === en[key]);
    expect(same.length / keys.length).toBeLessThan(0.1);
  });

  it('T() speaks Filipino once its catalogue is loaded, and server codes follow', async () => {
    await loadLocale('fil');
    try {
      expect(getLocale()).toBe('fil');
      expect(t('auth.resendIn', { seconds: 9 })).toBe('Ipadala ulit sa loob ng 9 s');
      expect(document.documentElement.lang).toBe('fil');
      expect((antdMobileLocale() as { common: { cancel: string } }).common.cancel).toBe('Kanselahin');
    } finally {
      setLocale('en');
    }
    expect(t('auth.resendIn', { seconds: 9 })).toBe('Resend in 9 s');
    expect(antdMobileLocale()).toBeUndefined();
  });

  it('Antd-mobile gets its English labels with the Filipino ones over them', async () => {
    const { antdMobileFil } = await import('./fil');
    const { withLabels } = await import('../antd-labels');
    const enUS = (await import('antd-mobile/es/locales/en-US')).default;
    const merged = withLabels(enUS, antdMobileFil);
    expect(merged.common.cancel).toBe('Kanselahin');
    expect(merged.Calendar.title).toBe('Pumili ng petsa');
    expect(merged.Calendar.yearAndMonth).toBe(enUS.Calendar.yearAndMonth);
    expect(merged.Form).toBe(enUS.Form);
    expect(withLabels(enUS, undefined)).toBe(enUS);
  });

  it('The language comes from the app parameter, then the earlier choice, then the browser', () => {
    expect(pickLocale('fil', 'en', ['en-US'])).toBe('fil');
    expect(pickLocale('tl-PH', null)).toBe('fil');
    expect(pickLocale('en', null, ['fil-PH'])).toBe('en');
    expect(pickLocale('xx', 'fil')).toBe('fil');
    expect(pickLocale(null, null, ['ja-JP', 'fil-PH', 'en'])).toBe('fil');
    expect(pickLocale(null, null, ['ja-JP'])).toBe('en');
    expect(pickLocale(null, null)).toBe('en');
    expect(languageOf('FIL_ph')).toBe('fil');
    expect(languageOf('')).toBeUndefined();
  });
});
