import { z } from 'zod';
import { defineCall } from '../api/define-call';

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
const enabled = z.enum(['0', '1']).default('1').transform((v) => v === '1');

export const productRow = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  enabled: z.boolean(),
  terms: z.record(z.string(), z.unknown()),
  /** What the engine found when pricing the smallest and largest loan, e.g. the BSP ceilings that bind. */
  notes: z.array(z.string()).optional(),
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
  summary: 'Create or change a product; the loan engine validates the terms, BSP Circular 1133 ceilings included',
  request: z.object({
    id: z.coerce.number().int().positive().optional(),
    name: z.string().trim().min(1, 'Enter the name').max(60),
    logo: z.string().trim().min(1, 'Give the logo address').max(300),
    enabled,
    terms: jsonText,
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

export const templateRow = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean(), data: z.record(z.string(), z.unknown()) });

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
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31').optional(),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31').optional(),
  }),
  reply: z.object({
    list: z.array(z.object({ templateId: z.number().int().nullable(), name: z.string(), visits: z.number().int(), clicks: z.number().int(), registrations: z.number().int() })),
  }),
});
