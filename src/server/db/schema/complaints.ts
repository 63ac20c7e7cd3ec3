import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { borrowers } from './borrowers';

/** A complaint or service request with evidence images (spec 000 §3 Complaint). */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    orderNo: text('order_no'),
    problemType: integer('problem_type').notNull(),
    problemSonType: integer('problem_son_type'),
    detail: text('detail').notNull(),
    /** Canonical file addresses (/owner/files/<name>) of the borrower's own uploads. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    disposeDetail: text('dispose_detail'),
    disposeImages: jsonb('dispose_images').$type<string[]>().notNull().default([]),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** 1 while staff wait for the borrower's rating; back to 0 once rated. */
    isNeedScore: integer('is_need_score').notNull().default(0),
    score: integer('score'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    /** When the borrower last answered a reply, which reopened the complaint (the reply-by day counts from it). */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('complaints_borrower_idx').on(t.borrowerId, t.createdAt)],
);

/**
 * The conversation after the first reply: when the borrower answers a reply (which reopens the
 * complaint), the reply answered is kept here as a 'staff' message, then the borrower's answer.
 */
export const complaintMessages = pgTable(
  'complaint_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    complaintId: bigint('complaint_id', { mode: 'number' })
      .notNull()
      .references(() => complaints.id),
    /** 'staff' or 'borrower'. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('complaint_messages_complaint_idx').on(t.complaintId, t.id)],
);

/**
 * An uploaded image (architecture.md: Providers): sniffed, re-encoded and stored under a server-made random name.
 * A borrower's upload has `borrowerId`; a staff upload has none until it is attached to the reply
 * of a complaint (`complaintId`), which lets that complaint's borrower see it.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull().unique(),
    borrowerId: bigint('borrower_id', { mode: 'number' }).references(() => borrowers.id),
    /** 'borrower' or 'staff'. */
    uploadedBy: text('uploaded_by').notNull(),
    complaintId: bigint('complaint_id', { mode: 'number' }).references(() => complaints.id),
    /** 'evidence' (complaints, seen by support) or 'identity' (the application's ID photo and selfie, seen by credit). */
    purpose: text('purpose').notNull().default('evidence'),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('uploads_borrower_idx').on(t.borrowerId, t.createdAt),
    index('uploads_complaint_idx').on(t.complaintId),
  ],
);
