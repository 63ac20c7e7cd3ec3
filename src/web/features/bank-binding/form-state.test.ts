import { describe, expect, it } from 'vitest';
import type { FormItem } from '../../../shared/contracts/bank-binding';
import { inputValue } from './form-state';

const item = (inputType: FormItem['inputType'], maxLength: number): FormItem => ({
  category: 'txt',
  code: 'walletNo',
  value: '',
  title: 'GCash number',
  subtitle: '',
  note: [],
  inputType,
  cardTypeMi: 1,
  channelNumber: 90006,
  required: true,
  maxLength,
});

describe('pasted numbers (spec 000 §5 input formats)', () => {
  it('keeps every digit of a number written with spaces or dashes, then caps it', () => {
    expect(inputValue(item('phone', 11), '0918 555 0101')).toBe('09185550101');
    expect(inputValue(item('phone', 11), '+63 918-555-0101')).toBe('09185550101');
    expect(inputValue(item('number', 10), '1234 5678 90')).toBe('1234567890');
    expect(inputValue(item('number', 10), '1234a5678901')).toBe('1234567890');
  });

  it('leaves text alone but for its cap', () => {
    expect(inputValue(item('text', 5), 'Ana Reyes')).toBe('Ana R');
  });
});
