import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const e2e = fileURLToPath(new URL('../e2e', import.meta.url));
const MOBILE = /'(09\d{9})'/g;

describe('browser test phones', () => {
  it('no two browser test files use the same mobile number (a code one sends starts a resend wait for the other)', () => {
    const owners = new Map<string, Set<string>>();
    for (const name of readdirSync(e2e).filter((n) => n.endsWith('.test.ts'))) {
      for (const [, phone] of readFileSync(join(e2e, name), 'utf8').matchAll(MOBILE)) {
        const files = owners.get(phone as string) ?? new Set<string>();
        files.add(name);
        owners.set(phone as string, files);
      }
    }
    const shared = [...owners]
      .filter(([, files]) => files.size > 1)
      .map(([phone, files]) => `${phone}: ${[...files].join(', ')}`);
    expect(shared).toEqual([]);
  });
});
