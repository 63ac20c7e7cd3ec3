import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Signal } from '../../../../shared/contracts/credit-review';
import { CardType } from '../../../../shared/contracts/bank-binding';
import { type Db, rowsOf } from '../../../db/client';

interface Match {
  mine: number;
  other: number;
  value: string;
  phone: string;
  full_name: string | null;
}

const ids = (borrowerIds: readonly number[]) =>
  sql.join(
    borrowerIds.map((id) => sql`${id}`),
    sql`, `,
  );

const digits10 = (column: SQL) => sql`right(regexp_replace(${column}, '\\D', '', 'g'), 10)`;

/** The same government ID number (letters and digits only, any case) in another borrower's application. */
const SAME_ID = (borrowerIds: readonly number[]) => sql`
  select mine.borrower_id as mine, other.borrower_id as other, mine.answers->>'idNumber' as value, b.phone, b.full_name
  from application_answers mine
  join application_answers other on other.section = 'public' and other.borrower_id <> mine.borrower_id
    and upper(regexp_replace(other.answers->>'idNumber', '[^A-Za-z0-9]', '', 'g'))
      = upper(regexp_replace(mine.answers->>'idNumber', '[^A-Za-z0-9]', '', 'g'))
  join borrowers b on b.id = other.borrower_id
  where mine.section = 'public' and coalesce(mine.answers->>'idNumber', '') <> '' and mine.borrower_id in (${ids(borrowerIds)})`;

/** The same payout account number (wallet or bank) bound by another borrower. */
const SAME_ACCOUNT = (borrowerIds: readonly number[]) => sql`
  select distinct mine.borrower_id as mine, other.borrower_id as other, mine.account_no as value, b.phone, b.full_name
  from payout_accounts mine
  join payout_accounts other on other.account_no = mine.account_no and other.borrower_id <> mine.borrower_id
  join borrowers b on b.id = other.borrower_id
  where mine.borrower_id in (${ids(borrowerIds)})`;

/**
 * A mobile number that is one borrower's sign-in and another's e-wallet: money of one account
 * going to the other's phone. Compared on the last ten digits (09… and 639… alike), both ways:
 * my sign-in as their wallet, my wallet as their sign-in (each side read through its index).
 */
const SAME_PHONE = (borrowerIds: readonly number[]) => sql`
  select distinct mine.id as mine, other.borrower_id as other, '0' || ${digits10(sql`mine.phone`)} as value, b.phone, b.full_name
  from borrowers mine
  join payout_accounts other on other.card_type = ${CardType.EWALLET} and other.borrower_id <> mine.id
    and ${digits10(sql`other.account_no`)} = ${digits10(sql`mine.phone`)}
  join borrowers b on b.id = other.borrower_id
  where mine.id in (${ids(borrowerIds)})
  union
  select distinct mine.borrower_id as mine, other.id as other, '0' || ${digits10(sql`mine.account_no`)} as value, other.phone, other.full_name
  from payout_accounts mine
  join borrowers other on other.id <> mine.borrower_id and ${digits10(sql`other.phone`)} = ${digits10(sql`mine.account_no`)}
  where mine.borrower_id in (${ids(borrowerIds)}) and mine.card_type = ${CardType.EWALLET}`;

/**
 * A device another borrower also signed in from (the browser's device cookie or the native app's
 * deviceId, compared as stored digests). Shown as its kind and the digest's first characters.
 */
const SAME_DEVICE = (borrowerIds: readonly number[]) => sql`
  select distinct mine.borrower_id as mine, other.borrower_id as other,
    mine.kind || ' ' || left(mine.device_hash, 8) as value, b.phone, b.full_name
  from borrower_devices mine
  join borrower_devices other on other.device_hash = mine.device_hash and other.borrower_id <> mine.borrower_id
  join borrowers b on b.id = other.borrower_id
  where mine.borrower_id in (${ids(borrowerIds)})`;

const KINDS = [
  { kind: 'idNumber', query: SAME_ID, detail: 'the same ID number in their application' },
  { kind: 'payoutAccount', query: SAME_ACCOUNT, detail: 'the same payout account bound' },
  { kind: 'phone', query: SAME_PHONE, detail: 'a sign-in mobile that is the other one’s e-wallet' },
  { kind: 'device', query: SAME_DEVICE, detail: 'signed in from the same device' },
] as const;

/**
 * What ties each of these borrowers to other borrowers, by borrower: the same ID number, the same
 * payout account, one's mobile number as the other's e-wallet, or the same device signed in from.
 * Four queries for any number of borrowers (the applications queue asks for all of its rows at once).
 */
export async function duplicateSignals(db: Db, borrowerIds: readonly number[]): Promise<Map<number, Signal[]>> {
  const found = new Map<number, Signal[]>();
  if (borrowerIds.length === 0) return found;
  for (const { kind, query, detail } of KINDS) {
    const matches = rowsOf<Match>(await db.execute(query(borrowerIds)));
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
 * True where the borrower carries any of the four signals, as a condition the database checks for
 * the whole queue (the desk's "only those with a signal" filters every application, not a page).
 * Each arm is the same comparison `duplicateSignals` makes, so the filter and the count agree.
 * Each arm is a scalar lookup (`select true … limit 1`), not EXISTS: under OR, PostgreSQL turns
 * EXISTS into a hashed subplan over every borrower (8 s at 100,000 borrowers); the scalar form
 * reads each application's borrower through the indexes.
 */
export function hasDuplicateSignal(borrowerId: SQL | AnyColumn): SQL {
  return sql`(
    coalesce((select true from application_answers mine
      join application_answers other on other.section = 'public' and other.borrower_id <> mine.borrower_id
        and upper(regexp_replace(other.answers->>'idNumber', '[^A-Za-z0-9]', '', 'g'))
          = upper(regexp_replace(mine.answers->>'idNumber', '[^A-Za-z0-9]', '', 'g'))
      where mine.section = 'public' and coalesce(mine.answers->>'idNumber', '') <> '' and mine.borrower_id = ${borrowerId} limit 1), false)
    or coalesce((select true from payout_accounts mine
      join payout_accounts other on other.account_no = mine.account_no and other.borrower_id <> mine.borrower_id
      where mine.borrower_id = ${borrowerId} limit 1), false)
    or coalesce((select true from borrowers me
      join payout_accounts w on w.card_type = ${CardType.EWALLET} and w.borrower_id <> me.id
        and ${digits10(sql`w.account_no`)} = ${digits10(sql`me.phone`)}
      where me.id = ${borrowerId} limit 1), false)
    or coalesce((select true from payout_accounts w
      join borrowers other on other.id <> w.borrower_id and ${digits10(sql`other.phone`)} = ${digits10(sql`w.account_no`)}
      where w.borrower_id = ${borrowerId} and w.card_type = ${CardType.EWALLET} limit 1), false)
    or coalesce((select true from borrower_devices mine
      join borrower_devices other on other.device_hash = mine.device_hash and other.borrower_id <> mine.borrower_id
      where mine.borrower_id = ${borrowerId} limit 1), false)
  )`;
}
