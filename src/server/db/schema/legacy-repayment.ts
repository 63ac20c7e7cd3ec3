import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { payoutAccounts } from './accounts';
import { borrowers } from './borrowers';
import { loanOrders } from './loans';

/**
 * spec 000 §3 legacy store, repayToken: one per opening of the legacy repayment screen, bound to
 * the borrower and the order, single use, expiring. Stored hashed, like session tokens.
 */
export const legacyRepayTokens = pgTable(
  'legacy_repay_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('legacy_repay_tokens_borrower_idx').on(t.borrowerId, t.createdAt)],
);

/**
 * spec 000 §3 repayRecordId, §4: one submitted repayment. 'awaiting_code' until the SMS code
 * confirms it (needValid 1), then 'posted' with the loan engine's payment.
 */
export const legacyRepayRecords = pgTable(
  'legacy_repay_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    payoutAccountId: bigint('payout_account_id', { mode: 'number' })
      .notNull()
      .references(() => payoutAccounts.id),
    /** Integer centavos. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    couponId: text('coupon_id'),
    /** awaiting_code → charging (the provider was asked) → the pay request `LR<id>` says how it ended; failed when the provider refused to try. */
    status: text('status').$type<'awaiting_code' | 'charging' | 'failed' | 'posted'>().notNull(),
    /** The loan engine's payment (payments.id) once posted. */
    paymentId: bigint('payment_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [index('legacy_repay_records_order_idx').on(t.orderId, t.createdAt)],
);
