import { z } from 'zod';
import { defineCall } from '../api/define-call';

/** The rights a borrower asks for in My data (docs/privacy.md). `access` is the download itself. */
export const REQUEST_KINDS = ['access', 'correction', 'consent', 'objection', 'erasure', 'blocking'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** Answered by the desk; the others take effect at once and are logged as answered. */
export const DESK_KINDS: readonly RequestKind[] = ['correction', 'erasure', 'blocking'];

/** Consents a borrower may give or withdraw at any time; the application's privacy consent is not one of them. */
export const OPTIONAL_CONSENTS = ['marketing', 'research'] as const;
export type OptionalConsent = (typeof OPTIONAL_CONSENTS)[number];

/** Answers a borrower may correct after the application, by section and field. */
export const CORRECTABLE = {
  'personal.fullName': 100,
  'personal.street': 200,
  'personal.city': 100,
  'job.employer': 100,
} as const;
export type CorrectableField = keyof typeof CORRECTABLE;
const correctable = Object.keys(CORRECTABLE) as [CorrectableField, ...CorrectableField[]];

const request = z.object({
  id: z.number().int(),
  kind: z.enum(REQUEST_KINDS),
  detail: z.record(z.string(), z.string()),
  status: z.enum(['open', 'done', 'refused']),
  createdAt: z.string(),
  dueAt: z.string(),
  answeredAt: z.string().nullable(),
  outcome: z.string().nullable(),
});

const held = z.object({ group: z.string(), label: z.string(), value: z.string() });

/** Everything held about the signed-in borrower, as My data shows it. */
export const myData = defineCall({
  name: 'privacy.myData',
  method: 'GET',
  path: '/v3/privacy/my-data',
  auth: true,
  success: 0,
  summary: 'What Hiram holds about me: details, consents with their times, requests, staff views, kept records',
  request: z.object({}),
  reply: z.object({
    held: z.array(held),
    consents: z.array(z.object({ version: z.string(), givenAt: z.string() })),
    optional: z.array(z.object({ consent: z.enum(OPTIONAL_CONSENTS), given: z.boolean(), at: z.string().nullable() })),
    requests: z.array(request),
    access: z.array(z.object({ what: z.string(), at: z.string() })),
    holds: z.array(
      z.object({ kind: z.string(), what: z.string(), reason: z.string(), keptUntil: z.string().nullable() }),
    ),
    correctable: z.array(z.object({ field: z.enum(correctable), value: z.string() })),
  }),
});

/** A correction, an erasure or a blocking: logged with its deadline, answered by the privacy desk. */
export const askRequest = defineCall({
  name: 'privacy.ask',
  method: 'POST',
  path: '/v3/privacy/request',
  auth: true,
  success: 0,
  summary: 'Ask for a correction (field and value), erasure or blocking; the reply carries the deadline',
  request: z
    .object({
      kind: z.enum(['correction', 'erasure', 'blocking'], 'Choose what to ask for'),
      field: z.enum(correctable, 'Choose what to correct').optional(),
      value: z.string().trim().max(200, 'Use at most 200 characters').optional(),
      note: z.string().trim().max(500, 'Use at most 500 characters').optional(),
    })
    .refine((r) => r.kind !== 'correction' || (r.field !== undefined && (r.value ?? '').length > 0), {
      message: 'Say what to correct and the right value',
      path: ['value'],
    }),
  reply: request,
});

/** Gives or withdraws an optional consent; withdrawing (and objecting to marketing) takes effect at once. */
export const setConsent = defineCall({
  name: 'privacy.consent',
  method: 'POST',
  path: '/v3/privacy/consent',
  auth: true,
  success: 0,
  summary: 'Give (given=1) or withdraw (given=0) an optional consent: marketing or research',
  request: z.object({
    consent: z.enum(OPTIONAL_CONSENTS, 'Choose a consent'),
    given: z.enum(['0', '1'], 'given is 0 or 1'),
  }),
  reply: request,
});

/** Objects to direct marketing: marketing stops at once. */
export const objectToMarketing = defineCall({
  name: 'privacy.object',
  method: 'POST',
  path: '/v3/privacy/object',
  auth: true,
  success: 0,
  summary: 'Object to direct marketing (stops at once and is logged)',
  request: z.object({}),
  reply: request,
});

const deskRequest = request.extend({
  borrowerId: z.number().int(),
  phone: z.string(),
  answeredBy: z.string().nullable(),
});

export const deskRequests = defineCall({
  name: 'privacyDesk.requests',
  method: 'GET',
  path: '/admin/privacy/requests',
  auth: false,
  staffRole: 'dpo',
  success: 0,
  summary: 'Privacy requests, open first by deadline, or answered',
  request: z.object({ status: z.enum(['open', 'answered']).default('open') }),
  reply: z.object({ list: z.array(deskRequest) }),
});

export const deskAnswer = defineCall({
  name: 'privacyDesk.answer',
  method: 'POST',
  path: '/admin/privacy/answer',
  auth: false,
  staffRole: 'dpo',
  success: 0,
  summary:
    'Answer a request: done (a correction is applied, an erasure or blocking carried out) or refused, with the words the borrower reads',
  request: z.object({
    id: z.coerce.number().int().positive('Choose a request'),
    status: z.enum(['done', 'refused'], 'Choose done or refused'),
    outcome: z.string().trim().min(1, 'Write the answer the borrower will read').max(500, 'Use at most 500 characters'),
  }),
  reply: deskRequest,
});

export const deskAccess = defineCall({
  name: 'privacyDesk.access',
  method: 'GET',
  path: '/admin/privacy/access',
  auth: false,
  staffRole: 'dpo',
  success: 0,
  summary: "Staff views of borrowers' personal details and identity pictures, newest first",
  request: z.object({ borrowerId: z.coerce.number().int().positive().optional() }),
  reply: z.object({
    list: z.array(
      z.object({
        id: z.number().int(),
        borrowerId: z.number().int(),
        actor: z.string(),
        what: z.string(),
        at: z.string(),
      }),
    ),
  }),
});

const retentionRule = z.object({ kind: z.string(), keep: z.string(), basis: z.string(), action: z.string() });
const run = z.object({ runDate: z.string(), ranAt: z.string(), report: z.record(z.string(), z.number()) });

export const deskRetention = defineCall({
  name: 'privacyDesk.retention',
  method: 'GET',
  path: '/admin/privacy/retention',
  auth: false,
  staffRole: 'dpo',
  success: 0,
  summary: 'The retention schedule and what the daily job did',
  request: z.object({}),
  reply: z.object({ schedule: z.array(retentionRule), runs: z.array(run) }),
});

export const deskRunRetention = defineCall({
  name: 'privacyDesk.runRetention',
  method: 'POST',
  path: '/admin/privacy/retention/run',
  auth: false,
  staffRole: 'dpo',
  success: 0,
  summary: "Run today's retention job now (it also runs daily)",
  request: z.object({}),
  reply: run,
});

const breach = z.object({
  id: z.number().int(),
  what: z.string(),
  foundAt: z.string(),
  fromAt: z.string(),
  toAt: z.string(),
  actor: z.string().nullable(),
  notifyBy: z.string(),
  hoursLeft: z.number(),
  recordedBy: z.string(),
  affected: z.array(z.object({ borrowerId: z.number().int(), phone: z.string(), name: z.string() })),
  notice: z.object({ en: z.string(), fil: z.string() }),
});

export const deskBreaches = defineCall({
  name: 'privacyDesk.breaches',
  method: 'GET',
  path: '/admin/privacy/breaches',
  auth: false,
  staffRole: 'dpo',
  success: 0,
  summary: 'Breach records with the people to notify, the draft notice and the 72-hour clock',
  request: z.object({}),
  reply: z.object({ list: z.array(breach) }),
});

const instant = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date and time`);

export const deskRecordBreach = defineCall({
  name: 'privacyDesk.recordBreach',
  method: 'POST',
  path: '/admin/privacy/breach',
  auth: false,
  staffRole: 'dpo',
  success: 0,
  summary: 'Record a breach: what, when found, the window and (optionally) the staff account it concerns',
  request: z.object({
    what: z.string().trim().min(1, 'Say what happened').max(1000, 'Use at most 1000 characters'),
    foundAt: instant('When found'),
    fromAt: instant('From'),
    toAt: instant('To'),
    actor: z.string().trim().max(200).optional(),
  }),
  reply: breach,
});
