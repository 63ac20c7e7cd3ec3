import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './loans';

/**
 * A change to a product's pricing (its engine terms) or turning it on: proposed by one admin,
 * applied only when a second admin approves it. Until then the product prices at its old terms.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    /** What the product holds now, and what the change would set: `{ terms?, enabled? }`. */
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    proposed: jsonb('proposed').$type<Record<string, unknown>>().notNull(),
    /** 'pending' until a second admin approves (then 'approved') or rejects it. */
    status: text('status').notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    uniqueIndex('product_changes_pending_uq').on(t.productId).where(sql`${t.status} = 'pending'`),
    index('product_changes_status_idx').on(t.status),
  ],
);
