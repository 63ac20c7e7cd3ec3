import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { argon2Cost, hashPassword, STANDARD_COST, TEST_COST, verifyPassword } from './password-hash';

/** The algorithm and cost a PHC string records: `$argon2id$v=19$m=65536,p=4,t=3$salt$hash`. */
const costOf = (hash: string) => {
  const [, algorithm, , params = ''] = hash.split('$');
  return { algorithm, ...Object.fromEntries(params.split(',').map((pair) => pair.split('='))) };
};

describe('staff password hashes', () => {
  it('outside the test runner they are argon2id at 64 MiB, 3 passes, 4 lanes', async () => {
    for (const env of ['production', 'development', undefined]) expect(argon2Cost(env)).toEqual(STANDARD_COST);
    const hash = await hashPassword('correct horse battery staple', argon2Cost('production'));
    expect(costOf(hash)).toEqual({ algorithm: 'argon2id', m: '65536', t: '3', p: '4' });
    // The same as the library's own defaults, which the accounts made before this setting carry.
    const byDefaults = await argon2.hash('correct horse battery staple');
    expect(costOf(byDefaults)).toEqual(costOf(hash));
  });

  it('in the test runner they are cheaper, and a hash of either cost verifies whatever the setting', async () => {
    expect(argon2Cost('test')).toEqual(TEST_COST);
    const cheap = await hashPassword('correct horse battery staple', TEST_COST);
    const standard = await hashPassword('correct horse battery staple', STANDARD_COST);
    expect(costOf(cheap)).toEqual({ algorithm: 'argon2id', m: '1024', t: '1', p: '1' });
    for (const hash of [cheap, standard]) {
      expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
      expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    }
    expect(await verifyPassword('not a hash', 'correct horse battery staple')).toBe(false);
  });
});
