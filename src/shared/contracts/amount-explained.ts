import { z } from 'zod';
import { defineCall } from '../api/define-call';

const orderId = z.coerce
  .number({ error: 'orderId must be a number' })
  .int('orderId must be a whole number')
  .positive('orderId is required');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What each line is; the page words its rule in the reader's language from the figures. */
export const LINE_KINDS = [
  'principal',
  'interest',
  'extension-interest',
  'service-fee',
  'extension-fees',
  'legal-charges',
  'enforcement-costs',
  'default-charge',
  'penalty',
  'penalties-earlier',
  'penalties-waived',
  'paid-principal',
  'paid-interest',
  'paid-penalties',
] as const;

/** Which ceiling held a charge below what the terms price: the law's, or the lender's own limit. */
export const LINE_CEILINGS = ['late-penalty', 'total-cost', 'effective-rate', 'default-charge-share'] as const;

const money = z.number().int();

export const amountLineSchema = z.object({
  kind: z.enum(LINE_KINDS),
  /** Signed centavos; every line counts towards the total (payments are negative, the service fee 0). */
  amount: money,
  date: date.nullable(),
  installment: z.number().int().nullable(),
  installments: z.number().int().nullable(),
  /** Interest: daily bps × `days` on `base` outstanding. Penalty: monthly bps ÷ 30 of `base` due. */
  rateBps: z.number().int().nullable(),
  days: z.number().int().nullable(),
  /** Interest and penalty: what the rate applies to. Default charge and service fee: the amount the terms set. */
  base: money.nullable(),
  overdueDay: z.number().int().nullable(),
  /** Penalty: held back on earlier days and charged today, within the ceiling. */
  released: money,
  cap: z
    .object({
      ceiling: z.enum(LINE_CEILINGS),
      /** The regulation (null: the lender's own limit). */
      source: z.string().nullable(),
      tookOff: money,
    })
    .nullable(),
});

export type AmountLineView = z.infer<typeof amountLineSchema>;

/**
 * "Why this amount": each centavo the borrower owes today on one of their orders, line by line,
 * from the loan engine; the lines add up to `total`, which is the order page's amount due.
 */
export const amountExplained = defineCall({
  name: 'amountExplained.explain',
  method: 'GET',
  path: '/v3/loan-order/amount-explained',
  auth: true,
  success: 0,
  summary: 'The amount due today on an order, line by line, with the rule and any ceiling behind each line',
  request: z.object({ orderId }),
  reply: z.object({
    orderId: z.number().int(),
    orderNo: z.string(),
    asOf: date,
    /** The sum of the lines: the amount due today (centavos). */
    total: money,
    /** The product, for the Pay button at the end of the page. */
    productId: z.number().int(),
    /** What will be due tomorrow if nothing is paid today (late penalties grow by a day). */
    tomorrow: z.object({ date, total: money }),
    regime: z.object({ id: z.string(), source: z.string() }).nullable(),
    lines: z.array(amountLineSchema),
  }),
});
