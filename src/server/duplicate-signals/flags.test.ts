import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manilaToday } from '../../shared/format/date';
import { migrationsFolder, rowsOf } from '../db/client';
import { borrowers, uploads } from '../db/schema';
import { saveSection } from '../applications/answers-service';
import { buildTestApp } from '../test/test-app';
import { databaseImageStorage } from '../providers/storage/image-storage';
import { recordDevices } from '../features/auth/device';
import { anonymiseBorrower } from '../features/privacy/erase';
import { bindAccount } from '../features/bank-binding/binding-service';
import { fillFlagsStatement, refreshAllSignalFlags } from './flags';
import { duplicateSignals } from './signals';

const t = await buildTestApp();
const db = t.database.db;
const today = manilaToday();

/** The flags as stored, and as the credit review's live definition finds them, by borrower. */
async function flagsAndLive() {
  const stored = rowsOf<{ borrower_id: number; signals: string[] }>(
    await db.execute(sql`select borrower_id, signals from duplicate_signal_flags order by borrower_id`),
  ).map((r) => [Number(r.borrower_id), [...r.signals].sort()] as const);
  const ids = (await db.select({ id: borrowers.id }).from(borrowers)).map((b) => b.id);
  const live = [...(await duplicateSignals(db, ids))]
    .map(([id, signals]) => [id, [...new Set(signals.map((s) => s.kind))].sort()] as const)
    .sort((a, b) => a[0] - b[0]);
  return { stored, live };
}

let serial = 0;
const made: number[] = [];

/** A borrower signing in for the first time (what the login does): a phone from a small pool when free. */
async function signUp(phone: string, device: string) {
  serial += 1;
  const [row] = await db.insert(borrowers).values({ phone }).onConflictDoNothing().returning({ id: borrowers.id });
  const id =
    row?.id ??
    (
      await db
        .insert(borrowers)
        .values({ phone: `0919${String(serial).padStart(7, '0')}` })
        .returning()
    )[0]!.id;
  made.push(id);
  await recordDevices(db, id, [{ kind: 'browser', value: device }], { withMobile: true });
}

/** The ID section through the real save (its pictures are this borrower's uploads). */
async function saveId(borrowerId: number, idNumber: string) {
  serial += 1;
  const [idPhoto, selfie] = ['a', 'b'].map((x) => `${x}${String(serial).padStart(21, '0')}.jpg`) as [string, string];
  await db.insert(uploads).values(
    [idPhoto, selfie].map((name) => ({
      name,
      borrowerId,
      uploadedBy: 'borrower',
      purpose: 'identity',
      contentType: 'image/jpeg',
      bytes: 1000,
      width: 100,
      height: 100,
    })),
  );
  const raw = { idType: 'philsys', idNumber, idPhoto: `/owner/files/${idPhoto}`, selfie: `/owner/files/${selfie}` };
  await saveSection(db, borrowerId, 'public', raw, today);
}

const bindWallet = (borrowerId: number, walletNo: string) =>
  bindAccount(db, borrowerId, {
    product_id: 1,
    cardType: 1,
    channel: '90006',
    walletNo,
    accountName: 'Lito Ramos',
    birthDate: '1990-01-02',
  });
const bindBank = (borrowerId: number, bankAccountNo: string) =>
  bindAccount(db, borrowerId, {
    product_id: 1,
    cardType: 2,
    bankCode: 'BPI',
    bankAccountNo,
    bankCity: 'Makati City',
    accountName: 'Lito Ramos',
    birthDate: '1990-01-02',
  });

// Small pools, so that values collide often: an ID number written several ways, a mobile that is
// one borrower's sign-in and another's wallet (09… and +63…), a bank number with a wallet's last ten digits (no signal).
const PHONES = ['09171110001', '09171110002', '09171110003'];
const WALLETS = ['09171110001', '+63 917 111 0002', '09171110009', '09171110008'];
const BANKS = ['1234567890', '5555000011', '9171110009'];
const ID_NUMBERS = ['PSN-1111-2222-3', 'psn 111122223', 'ABC-123', 'abc123', 'ZZZ 9'];
const DEVICES = ['d'.repeat(40), 'e'.repeat(40), 'f'.repeat(40)];

const pick = <T>(pool: readonly T[]) => fc.nat({ max: pool.length - 1 }).map((i) => pool[i]!);
const who = fc.nat();
const step = fc.oneof(
  fc.record({ op: fc.constant('signUp' as const), phone: pick(PHONES), device: pick(DEVICES) }),
  fc.record({ op: fc.constant('id' as const), who, value: pick(ID_NUMBERS) }),
  fc.record({ op: fc.constant('wallet' as const), who, value: pick(WALLETS) }),
  fc.record({ op: fc.constant('bank' as const), who, value: pick(BANKS) }),
  fc.record({ op: fc.constant('device' as const), who, value: pick(DEVICES) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function run(s: Step) {
  if (s.op === 'signUp') return signUp(s.phone, s.device);
  const borrowerId = made[s.who % made.length]!;
  if (s.op === 'id') return saveId(borrowerId, s.value);
  if (s.op === 'wallet') return bindWallet(borrowerId, s.value);
  if (s.op === 'bank') return bindBank(borrowerId, s.value);
  return recordDevices(db, borrowerId, [{ kind: 'app', value: s.value }]);
}

describe('the duplicate-signal flags agree with the signals’ definition (spec 001 §9 operator review)', () => {
  it('the bulk refresh finds what the live definition finds (the demo data, written straight to the tables)', async () => {
    await refreshAllSignalFlags(db);
    const { stored, live } = await flagsAndLive();
    expect(stored).toEqual(live);
  });

  it('after any sequence of sign-ups, ID numbers, payout accounts and devices saved and changed', async () => {
    await signUp(PHONES[0]!, DEVICES[0]!);
    // Every kind of signal the property was checked with (a later step may end a duplicate).
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          await run(s);
          const { stored, live } = await flagsAndLive();
          expect(stored).toEqual(live);
          for (const [, signals] of stored) for (const kind of signals) kinds.add(kind);
        }
      }),
      { numRuns: 25 },
    );
    // The pools did make signals of every kind (the property was not checked on empty flags only).
    expect([...kinds].sort()).toEqual(['device', 'idNumber', 'payoutAccount', 'phone']);
  }, 120_000);

  it('a change that ends a duplicate clears the flag on both sides', async () => {
    const [a, b] = [made[0]!, made[1] ?? made[0]!];
    await saveId(a, 'QQQ-000-111');
    await saveId(b, 'qqq 000111');
    await bindBank(a, '5555000011');
    await bindBank(b, '5555000022');
    const flagOf = async (id: number) =>
      rowsOf<{ signals: string[] }>(
        await db.execute(sql`select signals from duplicate_signal_flags where borrower_id = ${id}`),
      )[0]?.signals ?? [];
    if (a !== b) {
      expect(await flagOf(a)).toContain('idNumber');
      expect(await flagOf(b)).toContain('idNumber');
    }
    await saveId(b, 'QQQ-000-112');
    expect(await flagOf(a)).not.toContain('idNumber');
    expect(await flagOf(b)).not.toContain('idNumber');
    const { stored, live } = await flagsAndLive();
    expect(stored).toEqual(live);
  });

  it('erasing a borrower clears the flag of the one who shared their ID number, device and wallet', async () => {
    const [a, b] = await Promise.all(
      ['09171119001', '09171119002'].map(async (phone) => {
        const [row] = await db.insert(borrowers).values({ phone }).returning({ id: borrowers.id });
        return row!.id;
      }),
    );
    for (const id of [a!, b!]) {
      await saveId(id, 'ERASE-77');
      await bindWallet(id, '09181119999');
      await recordDevices(db, id, [{ kind: 'browser', value: 'g'.repeat(40) }]);
    }
    const signalsOf = async (id: number) =>
      rowsOf<{ signals: string[] }>(
        await db.execute(sql`select signals from duplicate_signal_flags where borrower_id = ${id}`),
      )[0]?.signals ?? [];
    expect(await signalsOf(b!)).toEqual(['device', 'idNumber', 'payoutAccount']);
    // The pictures' store on the same transaction (PGlite runs one at a time).
    await db.transaction((tx) => anonymiseBorrower(tx, databaseImageStorage(tx as unknown as typeof db), a!));
    expect(await signalsOf(b!)).toEqual([]);
    expect(await signalsOf(a!)).toEqual([]);
    const { stored, live } = await flagsAndLive();
    expect(stored).toEqual(live);
  });

  it('the migration fills the flags of existing borrowers with the bulk refresh’s own statement', () => {
    const file = readdirSync(migrationsFolder).find((f) => f.endsWith('_duplicate-signal-flags.sql'));
    const statements = readFileSync(join(migrationsFolder, file!), 'utf8').split('--> statement-breakpoint');
    const squash = (s: string) =>
      s
        .replace(/^--.*$/gm, '')
        .replace(/;\s*$/, '')
        .replace(/\s+/g, ' ')
        .trim();
    const bulk = new PgDialect().sqlToQuery(fillFlagsStatement().inlineParams()).sql;
    expect(squash(statements.at(-1)!)).toBe(squash(bulk));
  });
});
