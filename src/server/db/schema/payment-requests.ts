import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';
import { loanOrders, products } from './loans';

/** architecture.md: Providers: which payment channels a product offers, in the order the sheet lists them. */
export const productChannels = pgTable(
  'product_channels',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    channelNumber: integer('channel_number').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.channelNumber] })],
);

/**
 * A payment a borrower started through a provider: the reference the provider knows it by,
 * what it is for, and how it ended. The posting itself is in `payments`, once per reference.
 */
export const payRequests = pgTable(
  'pay_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    channelNumber: integer('channel_number').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payCode: text('pay_code').notNull(),
    /**
     * What the borrower was shown and asked to pay, with the window it is honoured in (an
     * extension's delay quote and renewal terms); null for an ordinary repayment.
     */
    quote: jsonb('quote').$type<Record<string, unknown>>(),
    /** The provider's id of the payment request (to ask its status or cancel it), when it has one. */
    providerRequestId: text('provider_request_id'),
    /** When the provider stops taking this payment: a pending request is handed out again only before it. */
    providerExpiresAt: timestamp('provider_expires_at', { withTimezone: true }),
    /** 'pending' until the provider says 'paid' or 'failed'. */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pay_requests_provider_reference_uq').on(t.provider, t.reference),
    index('pay_requests_order_idx').on(t.orderId),
    check('pay_requests_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Every provider callback event taken: a second delivery of one event is a replay and is refused. */
export const providerCallbacks = pgTable(
  'provider_callbacks',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** spec 001 §7 event save: taps on Borrow Again (moduleId 30) and recommended products. */
export const borrowerEvents = pgTable('borrower_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  borrowerId: bigint('borrower_id', { mode: 'number' })
    .notNull()
    .references(() => borrowers.id),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  moduleId: integer('module_id').notNull(),
  positionId: integer('position_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** spec 001 §4 rating dialog: one rating per borrower (the latest wins); its presence stops the dialog. */
export const appRatings = pgTable('app_ratings', {
  borrowerId: bigint('borrower_id', { mode: 'number' })
    .primaryKey()
    .references(() => borrowers.id),
  score: integer('score').notNull(),
  ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
