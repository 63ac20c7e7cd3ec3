import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { FIELD_CATEGORIES } from './bank-binding';

/**
 * spec 000 §2 form-section keys. Ours: `personal` name, birth date and address; `job` work and
 * income; `ext` the reference person the borrower names; `public` the government ID with its
 * photo and a selfie; `bank` the payout account (the bank-binding feature's own form).
 */
export const SECTION_KEYS = ['public', 'personal', 'job', 'ext', 'bank'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
/** The sections answered on the application pages, in the order they are asked. */
export const FORM_SECTIONS = ['personal', 'job', 'ext', 'public'] as const satisfies readonly SectionKey[];
export type FormSection = (typeof FORM_SECTIONS)[number];

/** The version of the data-privacy consent text; a new text is a new version, asked again. */
export const PRIVACY_CONSENT_VERSION = '2026-11-26';

/**
 * spec 000 §3 dynamic form item, with two kinds beyond the bank form's: `check` (a box the
 * borrower ticks, value "1") and `image` (an uploaded picture, value its address). `money` inputs
 * are typed in pesos and travel in centavos.
 */
export const applicationItemSchema = z.object({
  category: z.enum([...FIELD_CATEGORIES, 'check', 'image']),
  code: z.string(),
  value: z.string(),
  title: z.string(),
  subtitle: z.string(),
  note: z.array(z.object({ name: z.string(), type: z.string() })),
  inputType: z.enum(['text', 'number', 'phone', 'money']),
  required: z.boolean(),
  maxLength: z.number().int(),
});
export type ApplicationItem = z.infer<typeof applicationItemSchema>;

const sectionSchema = z.object({
  key: z.enum(SECTION_KEYS),
  title: z.string(),
  /** Every required answer is stored and valid (for `bank`: a payout account is bound). */
  done: z.boolean(),
  items: z.array(applicationItemSchema),
});
export type ApplicationSection = z.infer<typeof sectionSchema>;

export const applicationForm = defineCall({
  name: 'application.form',
  method: 'GET',
  path: '/v3/application/form',
  auth: true,
  success: 0,
  summary:
    "The borrower's application: each section's items with the stored answers, which are done, the privacy consent",
  request: z.object({}),
  reply: z.object({
    sections: z.array(sectionSchema),
    consent: z.object({ version: z.string(), text: z.string(), givenAt: z.string().nullable() }),
    /** False while an application or loan is open: the answers it was decided on stay as they are. */
    editable: z.boolean(),
    /** The sections (and `consent`) still missing before an application can be submitted. */
    missing: z.array(z.string()),
  }),
});

/** One section's answers: `section` and one code=value per item (spec 000 §3, as the bind payload). */
export const saveSection = defineCall({
  name: 'application.save',
  method: 'POST',
  path: '/v3/application/save',
  auth: true,
  success: 0,
  summary: 'Save one section (personal, job, ext, public): every answer is checked; nothing is stored unless all pass',
  request: z
    .object({ section: z.enum(FORM_SECTIONS, 'Choose a part of the application') })
    .catchall(z.string().max(300, 'An answer is too long')),
  reply: z.object({ section: z.enum(FORM_SECTIONS), done: z.boolean(), missing: z.array(z.string()) }),
});

export const giveConsent = defineCall({
  name: 'application.consent',
  method: 'POST',
  path: '/v3/application/consent',
  auth: true,
  success: 0,
  summary: 'Record the data-privacy consent: the version of the text read, with the time',
  request: z.object({
    version: z.string().max(40),
    /** "1": the box is ticked (checked by the server, so the borrower reads no field name). */
    agree: z.string().max(1).optional(),
  }),
  reply: z.object({ version: z.string(), givenAt: z.string() }),
});

/** The ID photo and the selfie: sniffed, re-encoded and kept private like complaint evidence. */
export const PHOTO_FIELD = 'photo';
export const uploadPhoto = defineCall({
  name: 'application.uploadPhoto',
  method: 'POST',
  path: '/v3/application/upload-photo',
  auth: true,
  success: 0,
  multipart: true,
  summary: 'Upload the ID photo or the selfie (JPEG, PNG or WebP, at most 10 MB) in the multipart field photo',
  request: z.object({ photo: z.instanceof(Blob).optional() }),
  reply: z.object({ url: z.string() }),
});
