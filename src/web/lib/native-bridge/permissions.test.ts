import { describe, expect, it } from 'vitest';
import * as bridge from './bridge';
import { HOOK_PERMISSIONS } from './permissions';

describe('native bridge permissions', () => {
  it('every hook the pages call is documented, and none asks for a device permission', () => {
    const hooks = Object.keys(bridge).filter((name) => name !== 'loginHref');
    expect(Object.keys(HOOK_PERMISSIONS).sort()).toEqual(hooks.sort());
    for (const [hook, { permission }] of Object.entries(HOOK_PERMISSIONS))
      expect([hook, permission]).toEqual([hook, 'none']);
  });
});
