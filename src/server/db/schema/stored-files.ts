import { sql } from 'drizzle-orm';
import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite returns a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files kept in the database, so every instance on one PostgreSQL serves them
 * (docs/deployment.md "Uploads"). Names are the server's random ones; `uploads` says who owns them.
 */
export const storedFiles = pgTable('stored_files', {
  name: text('name').primaryKey(),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
