import { describe, expect, it } from 'vitest';
import { pages } from '../../../shared/pages';
import { en, interpolate, type Messages, t } from './index';

describe('message catalogue (DESIGN §12)', () => {
  it('DESIGN §12: t() returns the English text', () => {
    expect(t('page.bindBank')).toBe('Payment account information');
    expect(t('page.complaint')).toBe('Online service');
    expect(t('page.loanTerms')).toBe('Loan terms and conditions');
    expect(t('page.jointLoginFailure')).toBe('Order Details');
  });

  it('DESIGN §12: t() fills {name} placeholders', () => {
    expect(t('auth.resendIn', { seconds: 42 })).toBe('Resend in 42 s');
    expect(t('home.amountRange', { min: '₱1,000.00', max: '₱5,000.00' })).toBe('₱1,000.00 – ₱5,000.00');
  });

  it('a placeholder without a value stays visible rather than vanishing', () => {
    expect(interpolate('Hello {name}, {other}', { name: 'Ana' })).toBe('Hello Ana, {other}');
  });

  it('DESIGN §12: every page of the registry has a title and no message is empty', () => {
    for (const name of Object.keys(pages)) expect(Object.hasOwn(en, `page.${name}`), name).toBe(true);
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('');
  });

  it('spec 000 §1: the catalogue is English, with no Chinese, Spanish or Indonesian leftovers', () => {
    for (const text of Object.values(en)) expect(text).not.toMatch(/[\u3400-\u9fff]/);
    expect(Object.values(en)).not.toContain('Silakan pilih');
  });

  it('DESIGN §12: another catalogue must have every key (checked by the type checker)', () => {
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
