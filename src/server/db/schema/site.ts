import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A message from the official site's contact form (spec 000 §2), kept for the operators (architecture.md: Languages and departures). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** A Philippine mobile number, stored 09XXXXXXXXX. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    remark: text('remark').notNull(),
    /** The sender's address: the per-address limit counts on it. */
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('contact_messages_ip_idx').on(t.ip, t.createdAt),
    index('contact_messages_created_idx').on(t.createdAt),
  ],
);
