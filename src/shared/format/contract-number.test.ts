import { describe, expect, it } from 'vitest';
import { contractNumberOf, contractNumberQuery } from './contract-number';

describe('a contract number typed any way', () => {
  it('reads the order id alone, with zeros, HRM in any case, a dash, a hash or spaces', () => {
    for (const typed of ['84', '00000084', 'HRM84', 'hrm00000084', 'HRM-00000084', '#84', ' hrm 84 '])
      expect({ typed, as: contractNumberQuery(typed) }).toEqual({ typed, as: 'HRM00000084' });
  });

  it('leaves names, references, longer numbers and zero alone', () => {
    for (const typed of ['Santos', 'GC-2026-01', '0', '123456789', 'HRMX84'])
      expect({ typed, as: contractNumberQuery(typed) }).toEqual({ typed, as: null });
    expect(contractNumberOf(7)).toBe('HRM00000007');
  });
});
