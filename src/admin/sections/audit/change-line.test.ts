import { describe, expect, it } from 'vitest';
import { changeLine } from './change-line';

describe('a catalogue change as the history shows it', () => {
  it('names the field by its label, not its stored path', () => {
    const line = changeLine({
      field: 'terms.dailyInterestBps',
      label: 'Interest (a day)',
      before: '0.15%',
      after: '0.18%',
    });
    expect(line).toBe('Interest (a day): 0.15% → 0.18%');
    expect(line).not.toContain('dailyInterestBps');
  });

  it('falls back to the path only when no label came', () => {
    expect(changeLine({ field: 'logo', label: '', before: '—', after: 'x' })).toBe('logo: — → x');
  });
});
