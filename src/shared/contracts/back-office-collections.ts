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
/**
 * Who a collector might name. Only the borrower is ever contacted: a character reference the
 * borrower named is refused (rule `reference`), whatever number or party the collector gives.
 */
export const PARTIES = ['borrower', 'reference'] as const;
export const NOTE_MAX = 500;

/**
 * The reply code of a contact attempt the rules refuse (HTTP 422), with `data.rule`. Staff read it
 * only, so it stays out of the shared catalogue that every borrower page loads.
 */
export const CONTACT_REFUSED = 42250;

/** The rules the server refuses an attempt with (the audit log keeps the same names). */
export const CONTACT_RULES = [
  'contact-hours',
  'daily-cap',
  'party',
  'reference',
  'note-language',
  'message-language',
  'not-in-collection',
] as const;
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
/** A mobile as a collector might type it (+63 917…, 0917…); the server compares normal forms. */
const phone = z
  .string()
  .trim()
  .regex(/^[+\d][\d -]{6,19}$/, 'Mobile: digits, spaces and dashes, as 0917 123 4567 or +63 917 123 4567')
  .optional();
const manilaDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD');

export const TEMPLATE_KEYS = ['payment-reminder', 'promise-confirmation', 'out-of-hours-ask'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const consentView = z.object({
  id: z.number().int(),
  source: z.enum(['borrower-page', 'sms-reply']),
  /** What shows it was the borrower: the page's session address and browser, or the reply as received. */
  evidence: z.record(z.string(), z.string()),
  givenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedVia: z.string().nullable(),
});
export type ConsentView = z.infer<typeof consentView>;

const promiseView = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  madeOn: z.string(),
  promisedDay: z.string(),
  status: z.enum(['open', 'kept', 'broken']),
  paid: z.number().int(),
  actor: z.string(),
  settledAt: z.string().nullable(),
});
export type PromiseView = z.infer<typeof promiseView>;

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
  /** The borrower's own out-of-hours consent is in force now. */
  consented: z.boolean(),
  /** The collector the loan is assigned to (name), or null while no collector is at work. */
  collector: z.string().nullable(),
  collectorId: z.number().int().nullable(),
  /** The latest promise to pay that is still open. */
  openPromise: z.object({ amount: z.number().int(), promisedDay: z.string() }).nullable(),
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
  request: z.object({
    bucket: z.enum(BUCKETS).optional(),
    /** Only the loans assigned to the signed-in collector: their worklist. */
    mine: z
      .enum(['1', '0', 'true', 'false'])
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    page: z.coerce.number().int().positive().default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  reply: z.object({
    counts: z.object(Object.fromEntries(BUCKETS.map((b) => [b, z.number().int()])) as Record<Bucket, z.ZodNumber>),
    dailyCap: z.number().int(),
    /** The loans of this page, and how many match the bucket and worklist in all. */
    items: z.array(collectionsRow),
    total: z.number().int(),
    collectors: z.array(
      z.object({ staffId: z.number().int(), name: z.string(), away: z.boolean(), loans: z.number().int() }),
    ),
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
    "Logs a call to the borrower; refused (42250, data.rule) outside 6 AM–10 PM Manila unless more than 15 days past due or the borrower's own consent is in force, past the daily cap, to a character reference or any number but the borrower's, or with abusive words",
  request: z.object({
    orderId,
    /** The number called, when not the borrower's registered mobile (refused unless it is that mobile). */
    phone,
    channel: z.enum(CHANNELS, 'Channel is call or sms'),
    party: z.enum(PARTIES, 'Contact the borrower').default('borrower'),
    outcome: z.enum(OUTCOMES, `Outcome is one of ${OUTCOMES.join(', ')}`),
    note,
  }),
  reply: contactAttempt,
});

export const attemptHistory = defineCall({
  name: 'collections.attempts',
  method: 'GET',
  path: '/admin/collections/attempts',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary:
    "One loan's file: contact attempts, notes and tasks, promises to pay (kept or broken by the payments), texts sent with their words, and the borrower's latest out-of-hours consent with its evidence",
  request: z.object({ orderId }),
  reply: z.object({
    list: z.array(contactAttempt),
    /** The borrower's latest consent (in force when `consentActive`), or null: only the borrower gives it. */
    consent: consentView.nullable(),
    consentActive: z.boolean(),
    notes: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(['note', 'task']),
        text: z.string(),
        dueDay: z.string().nullable(),
        doneAt: z.string().nullable(),
        actor: z.string(),
        createdAt: z.string(),
      }),
    ),
    promises: z.array(promiseView),
    texts: z.array(
      z.object({
        id: z.number().int(),
        template: z.string(),
        language: z.string(),
        phone: z.string(),
        body: z.string(),
        status: z.string(),
        actor: z.string(),
        sentAt: z.string(),
      }),
    ),
  }),
});

export const addNote = defineCall({
  name: 'collections.addNote',
  method: 'POST',
  path: '/admin/collections/note',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary: 'A note, or a task with the Manila day it is due, on a loan in collection (no abusive words)',
  request: z.object({
    orderId,
    kind: z.enum(['note', 'task'], 'Kind is note or task'),
    text: note.refine((t) => t.length > 0, 'Note: write something'),
    dueDay: manilaDay.optional(),
  }),
  reply: z.object({ id: z.number().int() }),
});

export const completeTask = defineCall({
  name: 'collections.completeTask',
  method: 'POST',
  path: '/admin/collections/task-done',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary: 'Marks a task on a loan done',
  request: z.object({ id: z.coerce.number().int().positive() }),
  reply: z.object({ id: z.number().int(), doneAt: z.string() }),
});

export const makePromise = defineCall({
  name: 'collections.makePromise',
  method: 'POST',
  path: '/admin/collections/promise',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary:
    'Records the borrower’s promise to pay an amount (centavos) by a day within 30 days; payments posted from today through that day mark it kept, and it is broken once the day passes without them. Writes no money',
  request: z.object({
    orderId,
    amount: z.coerce.number().int('Amount in whole centavos').positive('Amount: more than zero'),
    promisedDay: manilaDay,
  }),
  reply: promiseView,
});

export const sendText = defineCall({
  name: 'collections.sendText',
  method: 'POST',
  path: '/admin/collections/text',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary:
    "Sends a template text to the borrower's mobile through the SMS provider, under the same contact rules as a call; the words sent are kept",
  request: z.object({
    orderId,
    template: z.enum(TEMPLATE_KEYS, `Template is one of ${TEMPLATE_KEYS.join(', ')}`),
    phone,
  }),
  reply: z.object({ id: z.number().int(), body: z.string(), phone: z.string(), status: z.string() }),
});

export const markAway = defineCall({
  name: 'collections.markAway',
  method: 'POST',
  path: '/admin/collections/away',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary: 'A collector is away from one Manila day through another: their loans are dealt to the collectors at work',
  request: z
    .object({ staffId: z.coerce.number().int().positive(), fromDay: manilaDay, untilDay: manilaDay })
    .refine((v) => v.fromDay <= v.untilDay, 'The first day away comes before the last'),
  reply: z.object({ moved: z.number().int() }),
});
