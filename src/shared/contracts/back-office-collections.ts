import { z } from 'zod';
import { defineCall } from '../api/define-call';

/**
 * The collections desk within SEC Memorandum Circular No. 18, s.2019: overdue (180) and due (174)
 * loans by days past due, and contact attempts the server allows only within the circular's
 * rules. Money in centavos.
 */

export const BUCKETS = ['due', '1-30', '31-60', '61-90', '91+'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const CHANNELS = ['call', 'sms'] as const;
export const OUTCOMES = ['reached', 'promise-to-pay', 'no-answer', 'busy', 'wrong-number', 'sms-sent'] as const;
/** Who may be contacted. The data model keeps no reference person, so only the borrower. */
export const PARTIES = ['borrower', 'reference'] as const;
export const NOTE_MAX = 500;

/**
 * The reply code of a contact attempt the rules refuse (HTTP 422), with `data.rule`. Staff read it
 * only, so it stays out of the shared catalogue that every borrower page loads.
 */
export const CONTACT_REFUSED = 42250;

/** The rules the server refuses an attempt with (the audit log keeps the same names). */
export const CONTACT_RULES = ['contact-hours', 'daily-cap', 'party', 'note-language', 'not-in-collection'] as const;
export type ContactRule = (typeof CONTACT_RULES)[number];

/** Line breaks are fine in a note; other control characters are not. */
const CONTROL = /(?![\n\r])\p{Cc}/u;
const note = z
  .string()
  .max(NOTE_MAX, `Note: at most ${NOTE_MAX} characters`)
  .refine((text) => !CONTROL.test(text), 'Note: must not contain control characters')
  .transform((text) => text.trim())
  .default('');

const orderId = z.coerce.number().int().positive();

export const collectionsRow = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  borrowerId: z.number().int(),
  fullName: z.string().nullable(),
  /** The full mobile for collections and finance; the last four digits for anyone else. */
  phone: z.string(),
  phoneMasked: z.boolean(),
  productName: z.string(),
  dueDate: z.string().nullable(),
  daysPastDue: z.number().int(),
  bucket: z.enum(BUCKETS),
  /** Installments past their due date not yet paid, plus charges owed. */
  amountPastDue: z.number().int(),
  consented: z.boolean(),
  attemptsToday: z.number().int(),
  lastContactAt: z.string().nullable(),
  lastOutcome: z.string().nullable(),
  /** The earliest instant the rules allow the next attempt: now when allowed. */
  nextAllowedAt: z.string(),
  /** Why the next attempt must wait, when it must. */
  waitReason: z.enum(CONTACT_RULES).nullable(),
});
export type CollectionsRow = z.infer<typeof collectionsRow>;

export const collectionsQueue = defineCall({
  name: 'collections.queue',
  method: 'GET',
  path: '/admin/collections/queue',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary:
    'Overdue (180) and due (174) loans by days past due, with the amount past due, last contact and next allowed contact',
  request: z.object({ bucket: z.enum(BUCKETS).optional() }),
  reply: z.object({
    counts: z.object(Object.fromEntries(BUCKETS.map((b) => [b, z.number().int()])) as Record<Bucket, z.ZodNumber>),
    dailyCap: z.number().int(),
    list: z.array(collectionsRow),
  }),
});

export const contactAttempt = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  actor: z.string(),
  channel: z.enum(CHANNELS),
  party: z.enum(PARTIES),
  outcome: z.enum(OUTCOMES),
  note: z.string(),
  attemptedAt: z.string(),
});
export type ContactAttempt = z.infer<typeof contactAttempt>;

export const logAttempt = defineCall({
  name: 'collections.logAttempt',
  method: 'POST',
  path: '/admin/collections/attempt',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary:
    'Logs a call or text to the borrower; refused (42250, data.rule) outside 6 AM–10 PM Manila unless more than 15 days past due or consented, past the daily cap, to anyone but the borrower, or with abusive words',
  request: z.object({
    orderId,
    channel: z.enum(CHANNELS, 'Channel is call or sms'),
    party: z.enum(PARTIES, 'Contact the borrower').default('borrower'),
    outcome: z.enum(OUTCOMES, `Outcome is one of ${OUTCOMES.join(', ')}`),
    note,
  }),
  reply: contactAttempt,
});

export const recordConsent = defineCall({
  name: 'collections.recordConsent',
  method: 'POST',
  path: '/admin/collections/consent',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary:
    "Records the borrower's consent to be contacted outside 6 AM–10 PM on this loan, with who recorded it and when",
  request: z.object({ orderId, note }),
  reply: z.object({ orderId: z.number().int(), actor: z.string(), recordedAt: z.string(), note: z.string() }),
});

export const attemptHistory = defineCall({
  name: 'collections.attempts',
  method: 'GET',
  path: '/admin/collections/attempts',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary: 'Contact attempts on one loan, newest first, and the consent if one was recorded',
  request: z.object({ orderId }),
  reply: z.object({
    list: z.array(contactAttempt),
    consent: z.object({ actor: z.string(), recordedAt: z.string(), note: z.string() }).nullable(),
  }),
});
