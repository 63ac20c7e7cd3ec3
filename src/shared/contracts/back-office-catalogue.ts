import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { productPresentation } from './loan-confirm';
import { templateDataSchema } from './promotion';

/** What admins configure — products, payment channels, promotion templates — and the funnel. */

/** A JSON document typed into the back office; the server validates its content. */
const jsonText = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'This is not valid JSON' });
      return z.NEVER;
    }
  });
/**
 * The confirm page's texts as stored: English, and the same texts in Filipino under `fil` for
 * Filipino readers (any left out reads in English). Kept here, not in the borrower contract, so
 * the borrower pages never load it: they get the texts already in their language.
 */
export const storedPresentation = productPresentation.extend({
  fil: z
    .object({
      buttonText: z.string().max(40).optional(),
      promoText: z.string().max(300).optional(),
      retention: z
        .object({ title: z.string().max(80), content: z.string().max(300) })
        .partial()
        .optional(),
    })
    .optional(),
});
export type StoredPresentation = z.infer<typeof storedPresentation>;

const text = (max: number) => z.string().trim().min(1).max(max);

/** The page's texts in Filipino; any left out reads in English. Lists follow the English ones, row by row. */
export const filipinoTextsSchema = z.object({
  hero: z
    .object({ imageAlt: text(120), title: text(80), subtitle: text(160) })
    .partial()
    .optional(),
  highlights: z
    .array(z.object({ value: text(24), label: text(40) }).partial())
    .max(4)
    .optional(),
  form: z
    .object({ title: text(60), applyText: text(30) })
    .partial()
    .optional(),
  steps: z.array(text(80)).max(4).optional(),
  download: z
    .object({ title: text(60), text: text(200), imageAlt: text(120) })
    .partial()
    .optional(),
  footnote: text(300).optional(),
});
export type FilipinoTexts = z.infer<typeof filipinoTextsSchema>;

/** A landing template as stored: the page's data in English and its texts in Filipino (borrowers get one language). */
export const storedTemplateData = templateDataSchema.extend({
  /** Every text a reader sees, in Filipino, for readers whose language is Filipino. */
  fil: filipinoTextsSchema.optional(),
});
export type StoredTemplateData = z.infer<typeof storedTemplateData>;

const enabled = z
  .enum(['0', '1'])
  .default('1')
  .transform((v) => v === '1');

export const productRow = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  enabled: z.boolean(),
  terms: z.record(z.string(), z.unknown()),
  /** The confirm page's texts (button, promotional and retention popups), English with a Filipino `fil`. */
  presentation: storedPresentation,
  /** A first loan's most and the growth per loan repaid on time, in centavos; null: the product's maximum. */
  firstLoanMax: z.number().int().nullable(),
  limitStep: z.number().int(),
  openLoansAllowed: z.number().int(),
  /** What the engine found when pricing the smallest and largest loan, e.g. the BSP ceilings that bind. */
  notes: z.array(z.string()).optional(),
  /** A save that changes pricing or turns the product on: the change waiting for a second admin. */
  pendingChangeId: z.number().int().optional(),
});

export const products = defineCall({
  name: 'catalogue.products',
  method: 'GET',
  path: '/admin/products/list',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Loan products with their engine configuration',
  request: z.object({}),
  reply: z.object({ list: z.array(productRow) }),
});

export const saveProduct = defineCall({
  name: 'catalogue.saveProduct',
  method: 'POST',
  path: '/admin/products/save',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary:
    'Create or change a product; the loan engine validates the terms. A pricing change or turning a product on waits for a second admin; a new product starts off',
  request: z.object({
    id: z.coerce.number().int().positive().optional(),
    name: z.string().trim().min(1, 'Enter the name').max(60),
    logo: z.string().trim().min(1, 'Give the logo address').max(300),
    enabled,
    terms: jsonText,
    /** Left out: unchanged. */
    presentation: jsonText.pipe(storedPresentation).optional(),
    /** Centavos; blank: no first-loan cap (the product's maximum from the start). Left out: unchanged. */
    firstLoanMax: z
      .union([
        z.literal('').transform(() => null),
        z.coerce
          .number()
          .int('firstLoanMax must be whole centavos')
          .positive('firstLoanMax must be above zero')
          .max(10_000_000_000),
      ])
      .optional(),
    limitStep: z.coerce
      .number()
      .int('limitStep must be whole centavos')
      .min(0, 'limitStep must not be negative')
      .max(10_000_000_000)
      .optional(),
    openLoansAllowed: z.coerce.number().int().min(1, 'openLoansAllowed must be at least 1').max(10).optional(),
  }),
  reply: productRow,
});

export const channelRow = z.object({
  channelNumber: z.number().int(),
  name: z.string(),
  kind: z.string(),
  /** Null when the product does not offer it. */
  position: z.number().int().nullable(),
});

export const channels = defineCall({
  name: 'catalogue.channels',
  method: 'GET',
  path: '/admin/channels/list',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: "Every payment channel and whether (and where) a product's payment sheet lists it",
  request: z.object({ productId: z.coerce.number().int().positive() }),
  reply: z.object({ list: z.array(channelRow) }),
});

export const saveChannels = defineCall({
  name: 'catalogue.saveChannels',
  method: 'POST',
  path: '/admin/channels/save',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: "Sets a product's payment channels, in the order the sheet lists them (comma-separated channel numbers)",
  request: z.object({
    productId: z.coerce.number().int().positive(),
    channels: z
      .string()
      .trim()
      .regex(/^\d+(,\d+)*$/, 'Give channel numbers separated by commas')
      .transform((text) => text.split(',').map(Number)),
  }),
  reply: z.object({ list: z.array(channelRow) }),
});

export const templateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});

export const templates = defineCall({
  name: 'catalogue.templates',
  method: 'GET',
  path: '/admin/promotion/templates',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: "Promotion landing templates (the landing page's data)",
  request: z.object({}),
  reply: z.object({ list: z.array(templateRow) }),
});

export const saveTemplate = defineCall({
  name: 'catalogue.saveTemplate',
  method: 'POST',
  path: '/admin/promotion/templates/save',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Create or change a landing template; preview it at /promotion?templateId=<id>',
  request: z.object({
    id: z.coerce.number().int().positive().optional(),
    name: z.string().trim().min(1, 'Enter the name').max(60),
    enabled,
    data: jsonText,
  }),
  reply: templateRow,
});

export const funnel = defineCall({
  name: 'catalogue.funnel',
  method: 'GET',
  path: '/admin/promotion/funnel',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Promotion funnel per template: visits → clicks on Apply → registrations',
  request: z.object({
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
      .optional(),
  }),
  reply: z.object({
    list: z.array(
      z.object({
        templateId: z.number().int().nullable(),
        name: z.string(),
        visits: z.number().int(),
        clicks: z.number().int(),
        registrations: z.number().int(),
      }),
    ),
  }),
});

/** The engine's verdict on terms without saving them: refusals and binding ceilings per field path. */
export const checkProduct = defineCall({
  name: 'catalogue.checkProduct',
  method: 'GET',
  path: '/admin/products/check',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary:
    "Runs the loan engine over a product's terms without saving: each field's refusals and the ceilings that bind it",
  request: z.object({ terms: jsonText }),
  reply: z.object({
    ok: z.boolean(),
    errors: z.record(z.string(), z.array(z.string())),
    ceilings: z.record(z.string(), z.array(z.string())),
    notes: z.array(z.string()),
  }),
});

/** One field's change: its path, the label an admin reads ("Service fee"), and the values in percent or pesos. */
const fieldChange = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() });

export const productChangeRow = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** Each field the change sets: terms.dailyInterestBps 15 → 18, enabled false → true. */
  changes: z.array(fieldChange),
  /** Who proposed it: their e-mail (or `operator-token`), and their name while their account exists. */
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type ProductChangeRow = z.infer<typeof productChangeRow>;

export const productChanges = defineCall({
  name: 'catalogue.productChanges',
  method: 'GET',
  path: '/admin/products/changes',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Proposed product changes (pricing terms, turning a product on), newest first; the pending ones when asked',
  request: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
  reply: z.object({ list: z.array(productChangeRow) }),
});

export const approveProductChange = defineCall({
  name: 'catalogue.approveProductChange',
  method: 'POST',
  path: '/admin/products/changes/approve',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Approve a product change another admin proposed: the product takes the new terms',
  request: z.object({ changeId: z.coerce.number().int().positive() }),
  reply: z.object({ change: productChangeRow, product: productRow }),
});

export const rejectProductChange = defineCall({
  name: 'catalogue.rejectProductChange',
  method: 'POST',
  path: '/admin/products/changes/reject',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Reject a pending product change, with a reason; the product stays as it is',
  request: z.object({
    changeId: z.coerce.number().int().positive(),
    reason: z.string().trim().min(3, 'Give the reason').max(500),
  }),
  reply: z.object({ change: productChangeRow }),
});

export const historyEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The staff member's e-mail and, as shown, their name. */
  actor: z.string(),
  actorName: z.string(),
  what: z.string(),
  changes: z.array(fieldChange),
  /** A change proposed with this save (or the one approved or rejected), waiting for a second admin. */
  proposed: z.object({ changeId: z.number().int(), changes: z.array(fieldChange) }).nullable(),
  reason: z.string().nullable(),
  /** On an approval or rejection: the name of the admin who proposed the change. */
  proposedBy: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const catalogueHistory = defineCall({
  name: 'catalogue.history',
  method: 'GET',
  path: '/admin/catalogue/history',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary:
    'Who changed a product (terms, approvals, channels) or a promotion template, when, and each field before → after',
  request: z.object({ entity: z.enum(['product', 'template']), entityId: z.coerce.number().int().positive() }),
  reply: z.object({ list: z.array(historyEntry) }),
});
