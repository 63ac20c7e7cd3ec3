import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { buildTestApp } from '../../../test/test-app';
import { ARGON2_CONCURRENCY, ARGON2_QUEUE_MAX, argon2Work } from './sign-in-guard';
import { createStaff } from '../staff/staff-service';
import { STAFF_PASSWORD } from '../../../test/staff-support';

const t = await buildTestApp({ seed: false, signInWait: async () => {} });
const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/owner/admin/auth/login', remoteAddress, payload: { email, password } });
await createStaff(t.database.db, {
  email: 'real-admin@hiram.test',
  name: 'Real',
  roles: ['admin'],
  password: STAFF_PASSWORD,
});

/** The argon2 queue held full (running and waiting) by checks that finish when the test says. */
function holdQueue() {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  const holders = Array.from({ length: ARGON2_CONCURRENCY + ARGON2_QUEUE_MAX }, () =>
    argon2Work(() => held, { refuseWhenBusy: false }),
  );
  return { release, done: () => Promise.all(holders) };
}

describe('a flood of bad sign-ins does not turn the real staff away', () => {
  it('with the queue full, an address with recent failures is refused at once, a clean one waits for a place', async () => {
    // An address of the flood: it has failed before.
    const flooder = '203.0.113.200';
    expect((await login('nobody@hiram.test', 'not the password at all', flooder)).json().code).toBe(Code.FORBIDDEN);
    const queue = holdQueue();
    const refused = await login('nobody@hiram.test', 'not the password either', flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Many people are signing in/);
    // The real admin from an address with no recent failures waits for a place instead of being refused.
    const admin = login('real-admin@hiram.test', STAFF_PASSWORD, '198.51.100.10');
    // Long enough for its password check to reach the full queue (a refusal would come back at once).
    await Promise.race([admin, new Promise((resolve) => setTimeout(resolve, 500))]);
    queue.release();
    await queue.done();
    const answered = await admin;
    expect(answered.json()).toMatchObject({ code: 0, data: { stage: 'enrol' } });
  });

  it('48 bad sign-ins at once from 40 addresses with failures, and 10 admin sign-ins from clean ones: every admin is answered', async () => {
    const flood = Array.from({ length: 40 }, (_, i) => `203.0.114.${i + 1}`);
    // Each flooding address has failed once already (a flood is recognised after its first round).
    await Promise.all(flood.map((address) => login('nobody@hiram.test', 'wrong password here', address)));
    const bad = Array.from({ length: 48 }, (_, i) =>
      login(`victim-${i % 5}@hiram.test`, 'guessing passwords now', flood[i % flood.length] as string),
    );
    const real = Array.from({ length: 10 }, (_, i) =>
      login('real-admin@hiram.test', STAFF_PASSWORD, `198.51.100.${20 + i}`),
    );
    const realReplies = await Promise.all(real);
    await Promise.all(bad);
    expect(realReplies.map((r) => r.json().code)).toEqual(Array(10).fill(0));
  });
});
