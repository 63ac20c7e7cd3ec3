import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';
import { products } from './loans';

/**
 * A payout account bound by the borrower (spec 000 §2 bank binding): at most one per kind
 * (card type 1 e-wallet, 2 bank), edited in place when the borrower saves again.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** The product the borrower was applying for when binding (spec 000 §3 bind payload product id). */
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id),
    cardType: integer('card_type').notNull(),
    channelNumber: integer('channel_number').notNull(),
    accountName: text('account_name').notNull(),
    /** Full number, never logged; screens show the last four digits. */
    accountNo: text('account_no').notNull(),
    /** The other answers of the bind form (bank, city, birth date); never a full account number. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /** When this account was last saved: the latest of the two kinds is the one payouts use. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('payout_accounts_borrower_idx').on(t.borrowerId),
    uniqueIndex('payout_accounts_one_per_kind').on(t.borrowerId, t.cardType),
    /** The same account bound by two borrowers, and the borrower search by payout account. */
    index('payout_accounts_account_no_idx').on(t.accountNo),
    /** An e-wallet number compared with sign-in mobiles on its last ten digits. */
    index('payout_accounts_last_ten_idx').on(sql`right(regexp_replace(${t.accountNo}, '\\D', '', 'g'), 10)`),
  ],
);
