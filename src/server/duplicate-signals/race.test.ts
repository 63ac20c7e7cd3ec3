import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { borrowers, otpCodes } from '../db/schema';
import { authHeader, buildTestApp } from '../test/test-app';
import { DEVICE_COOKIE } from '../features/auth/device';

// Limits under concurrency are proven on PostgreSQL (DATABASE_URL set); PGlite runs these one at a time.
const t = await buildTestApp();
const db = t.database.db;

const signalsOf = async (phone: string) => {
  const [b] = await db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, phone));
  return (
    rowsOf<{ signals: string[] }>(
      await db.execute(sql`select signals from duplicate_signal_flags where borrower_id = ${b!.id}`),
    )[0]?.signals ?? []
  );
};

const bindWallet = (token: string, walletNo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/owner/v3/bind-card/bind-card-new',
    headers: { ...authHeader(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      product_id: '1',
      cardType: '1',
      channel: '90006',
      walletNo,
      accountName: 'Rita Sabay',
      birthDate: '1990-01-02',
    }).toString(),
  });

/** The login's SMS code for a phone, sent now (the resend wait passed). */
async function codeFor(phone: string) {
  await db.update(otpCodes).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(otpCodes.phone, phone));
  await t.app.inject({ method: 'POST', url: '/owner/v3/auth/send-login-code', payload: { phone } });
  const outbox = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${phone}` });
  return /\d{6}/.exec(outbox.json().data.messages[0].body)?.[0] ?? '';
}

describe('duplicate-signal flags under concurrent saves (spec 001 §9 operator review)', () => {
  it('two borrowers binding the same wallet at the same moment are both flagged', async () => {
    for (let round = 0; round < 6; round++) {
      const phones = [`0917662${round}001`, `0917662${round}002`];
      const tokens = await Promise.all(phones.map((p) => t.login(p)));
      const wallet = `0918662${round}999`;
      const replies = await Promise.all(tokens.map((token) => bindWallet(token, wallet)));
      expect(replies.map((r) => r.json().code)).toEqual([0, 0]);
      for (const phone of phones) expect(await signalsOf(phone)).toEqual(['payoutAccount']);
    }
  });

  it('two borrowers signing in from one browser at the same moment are both flagged', async () => {
    for (let round = 0; round < 6; round++) {
      const phones = [`0917663${round}001`, `0917663${round}002`];
      const codes = await Promise.all(phones.map(codeFor));
      const cookie = `${DEVICE_COOKIE}=${'r'.repeat(40)}${round}`;
      const replies = await Promise.all(
        phones.map((phone, i) =>
          t.app.inject({
            method: 'POST',
            url: '/owner/v3/auth/login',
            payload: { phone, smsCode: codes[i] },
            headers: { cookie },
          }),
        ),
      );
      expect(replies.map((r) => r.json().code)).toEqual([0, 0]);
      for (const phone of phones) expect(await signalsOf(phone)).toEqual(['device']);
    }
  });
});
