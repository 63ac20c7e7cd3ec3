import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { OTP_MAX_TRIES } from '../../../shared/constants';
import { otpCodes } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';

const t = await buildTestApp({ seed: false });

const login = (phone: string, smsCode: string) =>
  t.app.inject({ method: 'POST', url: '/owner/v3/auth/login', payload: { phone, smsCode } });

async function sendCode(phone: string): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
  if (sent.json().code !== 0) throw new Error(`send-login-code failed: ${sent.body}`);
  const outbox = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  return /\d{6}/.exec(outbox.json().data.messages[0]?.body ?? '')?.[0] ?? '';
}

/** 39 wrong codes that all differ from the right one and from each other. */
function wrongCodes(right: string, n: number): string[] {
  const codes: string[] = [];
  for (let i = 1; codes.length < n; i++) {
    const code = String((Number(right) + i * 7919) % 1_000_000).padStart(6, '0');
    if (code !== right) codes.push(code);
  }
  return codes;
}

describe('OTP wrong-try limit under concurrent guesses', () => {
  // Run on PostgreSQL, where the requests really overlap; PGlite runs one query at a time.
  it('40 concurrent logins with different codes compare at most 5 of them, in five rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const phone = `0917558${String(1000 + round).padStart(4, '0')}`;
      const right = await sendCode(phone);
      const codes = wrongCodes(right, 39);
      // The right code goes in the middle, past the fifth guess if the guesses ran in order.
      codes.splice(20, 0, right);
      const replies = (await Promise.all(codes.map((code) => login(phone, code)))).map((r) => r.json());
      const wrong = replies.filter((r) => r.code === Code.OTP_WRONG).length;
      const signedIn = replies.filter((r) => r.code === 0).length;
      const tooMany = replies.filter((r) => r.code === Code.OTP_TOO_MANY_TRIES).length;
      // Every other reply is a refusal that compared nothing.
      expect(wrong + signedIn + tooMany).toBe(codes.length);
      expect(wrong + signedIn).toBeLessThanOrEqual(OTP_MAX_TRIES);
      expect(signedIn).toBeLessThanOrEqual(1);
      const [row] = await t.database.db
        .select({ attempts: otpCodes.attempts })
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, 'login')));
      expect(row?.attempts).toBeLessThanOrEqual(OTP_MAX_TRIES);
    }
  });

  it('the right code still signs in after four wrong ones, and not after five', async () => {
    const phone = '09175582001';
    const right = await sendCode(phone);
    for (const code of wrongCodes(right, 4)) expect((await login(phone, code)).json().code).toBe(Code.OTP_WRONG);
    expect((await login(phone, right)).json().code).toBe(0);

    const other = '09175582002';
    const second = await sendCode(other);
    const five = wrongCodes(second, 5);
    for (const code of five.slice(0, 4)) expect((await login(other, code)).json().code).toBe(Code.OTP_WRONG);
    expect((await login(other, five[4] ?? '')).json().code).toBe(Code.OTP_TOO_MANY_TRIES);
    expect((await login(other, second)).json().code).toBe(Code.OTP_TOO_MANY_TRIES);
  });
});

describe('the 60 s resend wait under concurrency', () => {
  it('spec 001 §9: 20 sends for one phone at once send one code; the rest are told to wait', async () => {
    const phone = '09175562777';
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } }),
      ),
    );
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.OTP_RESEND_TOO_SOON)).toHaveLength(19);
    expect(await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))).toHaveLength(1);
  });
});
