import { describe, expect, it } from 'vitest';
import { readWriteOff, storedWriteOff } from './stored-write-off';

/** Version 0: as stored before write-offs carried a version. */
const V0 = {
  on: '2026-09-01',
  amount: 568_250,
  earned: { interest: 68_250, fees: 15_000, penalties: 9_470 },
  collectedBefore: 0,
};

describe('stored write-off', () => {
  it('reads version 0 and version 1 as the same write-off, and what it writes reads back', () => {
    expect(readWriteOff(structuredClone(V0))).toEqual(V0);
    expect(readWriteOff({ version: 1, ...V0 })).toEqual(V0);
    expect(readWriteOff(JSON.parse(JSON.stringify(storedWriteOff(V0))))).toEqual(V0);
    expect(storedWriteOff(V0).version).toBe(1);
    expect(readWriteOff(null)).toBeNull();
  });

  it('refuses a malformed or unknown one, naming the order', () => {
    expect(() => readWriteOff({ ...V0, earned: { interest: 1 } }, { id: 3, orderNo: 'HR-3' })).toThrow(
      /^Order HR-3 has a malformed write-off: earned\.fees: /,
    );
    expect(() => readWriteOff({ ...V0, version: 9 }, 4)).toThrow('Order 4 has a write-off of unknown version 9');
  });
});
