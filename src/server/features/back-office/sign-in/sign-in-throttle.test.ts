import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { buildTestApp } from '../../../test/test-app';
import { writeAudit } from '../../../audit/audit';
import {
  ADDRESS_FAILURE_LIMIT,
  ARGON2_CONCURRENCY,
  ARGON2_QUEUE_MAX,
  FAILED,
  MAX_ACCOUNT_DELAY_MS,
  accountDelayMs,
  accountFailures,
  argon2Work,
  failureDetail,
} from './sign-in-guard';
import { createStaff } from '../staff/staff-service';
import { nextCode, rememberSecret } from '../../../test/staff-codes';
import { STAFF_PASSWORD, signInStaff, staffLoginCall } from '../../../test/staff-support';

/** The waits slowed sign-ins asked for, noted instead of sat through. */
const waits: number[] = [];
const t = await buildTestApp({
  seed: false,
  signInWait: async (ms) => {
    waits.push(ms);
  },
});
const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/owner/admin/auth/login', remoteAddress, payload: { email, password } });
let addresses = 0;
/** A fresh address for each attempt that should not count against one address. */
const nextAddress = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

describe('staff sign-in throttles', () => {
  it('the delay grows with an account’s failures and stops at a ceiling', () => {
    expect([0, 1, 2].map(accountDelayMs)).toEqual([0, 0, 0]);
    expect(accountDelayMs(3)).toBeGreaterThan(0);
    expect(accountDelayMs(4)).toBeGreaterThan(accountDelayMs(3));
    expect(accountDelayMs(50)).toBe(MAX_ACCOUNT_DELAY_MS);
  });

  it('11 wrong passwords for an admin from many addresses do not keep the owner out: slowed, then signed in', async () => {
    await createStaff(t.database.db, {
      email: 'owner@hiram.test',
      name: 'Owner',
      roles: ['admin'],
      password: STAFF_PASSWORD,
    });
    const codes: unknown[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login('owner@hiram.test', `guess ${i}`, nextAddress())).json().code);
    expect(codes).toEqual(Array(11).fill(Code.FORBIDDEN));
    // Free tries first, then each further try waits longer, up to the ceiling.
    expect(waits.splice(0)).toEqual([3, 4, 5, 6, 7, 8, 9, 10].map(accountDelayMs));
    const owner = await login('owner@hiram.test', STAFF_PASSWORD, '192.0.2.50');
    // The right password moves on to the second factor (here its first enrolment), after the longest wait.
    expect(owner.json()).toMatchObject({ code: 0, data: { stage: 'enrol' } });
    expect(waits.splice(0)).toEqual([MAX_ACCOUNT_DELAY_MS]);
    rememberSecret('owner@hiram.test', owner.json().data.enrolment.secret);
    const code = await nextCode('owner@hiram.test');
    const signedIn = await staffLoginCall(
      t,
      { email: 'owner@hiram.test', password: STAFF_PASSWORD, code },
      '192.0.2.50',
    );
    expect(signedIn.json()).toMatchObject({
      code: 0,
      data: { stage: 'signed-in', staff: { email: 'owner@hiram.test' } },
    });
    // The code is sent with the password again, which is checked (and slowed) the same way.
    expect(waits.splice(0)).toEqual([MAX_ACCOUNT_DELAY_MS]);
    // After a success the account starts afresh: the next sign-in is not slowed.
    expect(await accountFailures(t.database.db, 'owner@hiram.test')).toBe(0);
    expect((await login('owner@hiram.test', STAFF_PASSWORD, '192.0.2.50')).json().code).toBe(0);
    expect(waits).toEqual([]);
  });

  it('one address trying many e-mails waits after 10 failures, even with a right password; other addresses do not', async () => {
    await createStaff(t.database.db, {
      email: 'sprayed@hiram.test',
      name: 'Sprayed',
      roles: ['support'],
      password: STAFF_PASSWORD,
    });
    const ip = '203.0.113.66';
    // Earlier failures from this address, as the sign-in call records them (each argon2 check is slow).
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT - 1; i++) {
      const email = `nobody${i}@hiram.test`;
      await writeAudit(t.database.db, {
        staffId: null,
        actor: email,
        action: FAILED,
        entity: 'staffAuth',
        entityId: email,
        after: failureDetail(ip),
      });
    }
    expect((await login('nobody-last@hiram.test', 'a wrong password', ip)).json().code).toBe(Code.FORBIDDEN);
    const refused = await login('sprayed@hiram.test', STAFF_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: Code.RATE_LIMITED,
      message: expect.stringMatching(/^Too many failed sign-ins from your network\. Try again in \d+ minutes?\.$/),
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await login('sprayed@hiram.test', STAFF_PASSWORD, '203.0.113.67')).json().code).toBe(0);
  });

  it('sign-ins wait in a small argon2 queue; past it they are refused at once with 429', async () => {
    // An address that has failed before: a clean one would wait in the lane ahead (sign-in-fairness.test.ts).
    const failing = nextAddress();
    expect((await login('burst@hiram.test', 'a wrong password', failing)).json().code).toBe(Code.FORBIDDEN);
    // The queue held full by hashes that finish when the test says (a flood of slow checks).
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const holders = Array.from({ length: ARGON2_CONCURRENCY + ARGON2_QUEUE_MAX }, () =>
      argon2Work(() => held, { refuseWhenBusy: false }),
    );
    const refused = await login('burst@hiram.test', 'a wrong password', failing);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: Code.RATE_LIMITED,
      message: 'Many people are signing in right now. Please try again in a moment.',
      data: { retryAfterSeconds: 2 },
    });
    // One place short of full, a sign-in waits its turn instead, and is answered once the queue moves.
    release();
    await Promise.all(holders);
    const waiting = Array.from({ length: ARGON2_CONCURRENCY + ARGON2_QUEUE_MAX - 1 }, () =>
      argon2Work(() => new Promise<void>((done) => setTimeout(done, 200)), { refuseWhenBusy: false }),
    );
    const answered = await login('burst@hiram.test', 'a wrong password', nextAddress());
    expect(answered.json().code).toBe(Code.FORBIDDEN);
    await Promise.all(waiting);
  });
});

describe('staff password policy', () => {
  it('refuses common and guessable passwords of 12+ characters, naming the field', async () => {
    const admin = await createStaff(t.database.db, {
      email: 'policy-admin@hiram.test',
      name: 'Policy',
      roles: ['admin'],
      password: STAFF_PASSWORD,
    });
    const headers = { authorization: `Staff ${await signInStaff(t, admin.email)}` };
    for (const password of ['aaaaaaaaaaaa', 'password1234', 'qwertyuiop12', 'new-staff@hiram.test']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/owner/admin/staff/save',
        headers,
        payload: { email: 'new-staff@hiram.test', name: 'New', roles: 'finance', password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({
        code: Code.BAD_REQUEST,
        data: { field: 'password' },
        message: expect.stringMatching(/too common or too easy to guess/),
      });
    }
    await expect(
      createStaff(t.database.db, { email: 'cli@hiram.test', name: 'Cli', roles: ['admin'], password: 'password1234' }),
    ).rejects.toThrow(/too common/);
  });
});
