import { type SQL, sql } from 'drizzle-orm';
import type { Signal } from '../../shared/contracts/credit-review';
import { CardType } from '../../shared/contracts/bank-binding';
import { type Db, rowsOf } from '../db/client';

type Reader = Pick<Db, 'execute'>;

interface Match {
  mine: number;
  other: number;
  value: string;
  phone: string;
  full_name: string | null;
}

/** Whose signals a query finds: these borrowers, or every borrower (the flags' bulk refresh). */
export type Whose = readonly number[] | 'all';

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const whose = (column: SQL, borrowers: Whose) =>
  borrowers === 'all' ? sql`true` : borrowers.length ? sql`${column} in (${list(borrowers)})` : sql`false`;

const digits10 = (column: SQL) => sql`right(regexp_replace(${column}, '\\D', '', 'g'), 10)`;
/** The ID number as compared: letters and digits only, upper case (the answers' expression index). */
const idNumberKey = (answers: SQL) => sql`upper(regexp_replace(${answers}->>'idNumber', '[^A-Za-z0-9]', '', 'g'))`;

/** The same government ID number (letters and digits only, any case) in another borrower's application. */
const SAME_ID = (borrowers: Whose) => sql`
  select mine.borrower_id as mine, other.borrower_id as other, mine.answers->>'idNumber' as value
  from application_answers mine
  join application_answers other on other.section = 'public' and other.borrower_id <> mine.borrower_id
    and ${idNumberKey(sql`other.answers`)} = ${idNumberKey(sql`mine.answers`)}
  where mine.section = 'public' and coalesce(mine.answers->>'idNumber', '') <> '' and ${whose(sql`mine.borrower_id`, borrowers)}`;

/** The same payout account number (wallet or bank) bound by another borrower. */
const SAME_ACCOUNT = (borrowers: Whose) => sql`
  select distinct mine.borrower_id as mine, other.borrower_id as other, mine.account_no as value
  from payout_accounts mine
  join payout_accounts other on other.account_no = mine.account_no and other.borrower_id <> mine.borrower_id
  where ${whose(sql`mine.borrower_id`, borrowers)}`;

/**
 * A mobile number that is one borrower's sign-in and another's e-wallet: money of one account
 * going to the other's phone. Compared on the last ten digits (09… and 639… alike), both ways:
 * my sign-in as their wallet, my wallet as their sign-in (each side read through its index).
 */
const SAME_PHONE = (borrowers: Whose) => sql`
  select distinct mine.id as mine, other.borrower_id as other, '0' || ${digits10(sql`mine.phone`)} as value
  from borrowers mine
  join payout_accounts other on other.card_type = ${CardType.EWALLET} and other.borrower_id <> mine.id
    and ${digits10(sql`other.account_no`)} = ${digits10(sql`mine.phone`)}
  where ${whose(sql`mine.id`, borrowers)}
  union
  select distinct mine.borrower_id as mine, other.id as other, '0' || ${digits10(sql`mine.account_no`)} as value
  from payout_accounts mine
  join borrowers other on other.id <> mine.borrower_id and ${digits10(sql`other.phone`)} = ${digits10(sql`mine.account_no`)}
  where ${whose(sql`mine.borrower_id`, borrowers)} and mine.card_type = ${CardType.EWALLET}`;

/**
 * A device another borrower also signed in from (the browser's device cookie or the native app's
 * deviceId, compared as stored digests). Shown as its kind and the digest's first characters.
 */
const SAME_DEVICE = (borrowers: Whose) => sql`
  select distinct mine.borrower_id as mine, other.borrower_id as other,
    mine.kind || ' ' || left(mine.device_hash, 8) as value
  from borrower_devices mine
  join borrower_devices other on other.device_hash = mine.device_hash and other.borrower_id <> mine.borrower_id
  where ${whose(sql`mine.borrower_id`, borrowers)}`;

const KINDS = [
  { kind: 'idNumber', pairs: SAME_ID, detail: 'the same ID number in their application' },
  { kind: 'payoutAccount', pairs: SAME_ACCOUNT, detail: 'the same payout account bound' },
  { kind: 'phone', pairs: SAME_PHONE, detail: 'a sign-in mobile that is the other one’s e-wallet' },
  { kind: 'device', pairs: SAME_DEVICE, detail: 'signed in from the same device' },
] as const;

export type SignalKind = (typeof KINDS)[number]['kind'];

/**
 * What ties each of these borrowers to other borrowers, by borrower: the same ID number, the same
 * payout account, one's mobile number as the other's e-wallet, or the same device signed in from.
 * Four queries for any number of borrowers (the applications queue asks for all of its rows at once).
 */
export async function duplicateSignals(db: Reader, borrowerIds: readonly number[]): Promise<Map<number, Signal[]>> {
  const found = new Map<number, Signal[]>();
  if (borrowerIds.length === 0) return found;
  for (const { kind, pairs, detail } of KINDS) {
    const matches = rowsOf<Match>(
      await db.execute(sql`select p.mine, p.other, p.value, b.phone, b.full_name
        from (${pairs(borrowerIds)}) p join borrowers b on b.id = p.other`),
    );
    const byValue = new Map<string, Signal>();
    for (const m of matches) {
      const key = `${m.mine}:${m.value}`;
      const entry = byValue.get(key) ?? { kind, value: m.value, detail, borrowers: [] };
      if (!entry.borrowers.some((b) => b.borrowerId === Number(m.other)))
        entry.borrowers.push({ borrowerId: Number(m.other), phone: m.phone, fullName: m.full_name });
      if (!byValue.has(key)) {
        byValue.set(key, entry);
        found.set(Number(m.mine), [...(found.get(Number(m.mine)) ?? []), entry]);
      }
    }
  }
  return found;
}

/**
 * The kinds of signal each borrower carries (`borrower_id`, `signals` sorted), only those with one:
 * the same four comparisons as `duplicateSignals`, set-based, for the signal flags.
 */
export const signalKindsQuery = (borrowers: Whose): SQL => sql`
  select p.mine as borrower_id, array_agg(p.kind order by p.kind) as signals from (
    ${sql.join(
      KINDS.map(({ kind, pairs }) => sql`select distinct s.mine, ${kind}::text as kind from (${pairs(borrowers)}) s`),
      sql` union all `,
    )}
  ) p group by p.mine`;

/**
 * The values of a borrower's that a signal compares, each as `kind:value` in its compared form:
 * the ID number, each payout account, the last ten digits of the sign-in mobile and of an
 * e-wallet, each device. Two borrowers can share a signal only by sharing one of these, so a save
 * that changes none of them changes no one's signals.
 */
export async function signalValuesOf(db: Reader, borrowerId: number): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      select 'id:' || ${idNumberKey(sql`answers`)} as key from application_answers
        where borrower_id = ${borrowerId} and section = 'public' and answers->>'idNumber' is not null
      union select 'account:' || account_no from payout_accounts where borrower_id = ${borrowerId}
      union select 'phone:' || ${digits10(sql`account_no`)} from payout_accounts
        where borrower_id = ${borrowerId} and card_type = ${CardType.EWALLET}
      union select 'phone:' || ${digits10(sql`phone`)} from borrowers where id = ${borrowerId}
      union select 'device:' || device_hash from borrower_devices where borrower_id = ${borrowerId}`),
  );
  return rows.map((r) => r.key).sort();
}

/** Every borrower holding one of these values (`signalValuesOf`'s form), each read through its index. */
export async function holdersOf(db: Reader, values: readonly string[]): Promise<number[]> {
  const of = (prefix: string) => values.filter((v) => v.startsWith(prefix)).map((v) => v.slice(prefix.length));
  const [ids, accounts, phones, devices] = [of('id:'), of('account:'), of('phone:'), of('device:')];
  const arms = [
    ids.length &&
      sql`select borrower_id as id from application_answers where section = 'public' and ${idNumberKey(sql`answers`)} in (${list(ids)})`,
    accounts.length && sql`select borrower_id as id from payout_accounts where account_no in (${list(accounts)})`,
    phones.length &&
      sql`select borrower_id as id from payout_accounts where card_type = ${CardType.EWALLET} and ${digits10(sql`account_no`)} in (${list(phones)})`,
    phones.length && sql`select id from borrowers where ${digits10(sql`phone`)} in (${list(phones)})`,
    devices.length && sql`select borrower_id as id from borrower_devices where device_hash in (${list(devices)})`,
  ].filter((arm): arm is SQL => arm !== 0);
  if (arms.length === 0) return [];
  return rowsOf<{ id: number }>(await db.execute(sql.join(arms, sql` union `))).map((r) => Number(r.id));
}
