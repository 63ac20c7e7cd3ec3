import { z } from 'zod';
import { defineCall } from '../api/define-call';

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} is required`);
const row = z.object({ text: z.string(), value: z.string() });
/** One of the terms the product offers, in days (absent: the product's own term). */
export const chosenTerm = z.coerce.number().int().positive().optional();

/** spec 001 §3 loan confirmation, §7 loan-confirm detail. Money in centavos. */
export const confirmDetail = defineCall({
  name: 'loanConfirm.detail',
  method: 'GET',
  path: '/v3/loan-confirm/detail',
  auth: true,
  success: 0,
  summary: 'The quote for a product at an amount (default: the largest): plan, disclosure and agreements',
  request: z.object({
    productId: id('productId'),
    amount: z.coerce.number().int().positive().optional(),
    termDays: chosenTerm,
  }),
  reply: z.object({
    productId: z.number().int(),
    comProductLogo: z.string(),
    comProductName: z.string(),
    amount: z.number().int(),
    periods: z.number().int(),
    termUnit: z.number().int(),
    /** The term quoted: the one chosen, else the product's own. */
    termDays: z.number().int(),
    /** Every term the product offers, shortest first; the page offers a choice when there are several. */
    termOptions: z.array(z.number().int()),
    details: z.array(row),
    repay_plans: z.array(
      z.object({ title: z.string(), amount: z.number().int(), description: z.string(), pay_time: z.string() }),
    ),
    firstPayTime: z.string(),
    firstPeriodDay: z.number().int(),
    pRateDsc: z.string(),
    /** The Truth in Lending disclosure shown before Next. */
    disclosure: z.array(row),
    agreements: z.array(z.object({ title: z.string(), position: z.number().int() })),
    /** 1: on the platform back event, a retention popup (popTitle, popContent) asks the borrower to stay. */
    isPopType: z.number().int(),
    popTitle: z.string(),
    popContent: z.string(),
    /** Non-empty: an agreement shown in a modal frame on load (Cancel closes the webview, Agree dismisses). */
    popAgreementUrl: z.string(),
    /** Variant 2: the product's own button text and promotional popup ('' for none). */
    NewButtonMsg: z.string(),
    NewPopMsg: z.string(),
    /** Names the priced terms shown; the push sends it back so what is accepted is what was shown. */
    quoteId: z.string(),
    /** The amounts this borrower may choose: from the product's minimum to their own limit, in steps. */
    minAmount: z.number().int(),
    maxAmount: z.number().int(),
    amountStep: z.number().int(),
    /** What the borrower's application still needs before it can be submitted (consent, form sections, `bank`). */
    applicationMissing: z.array(z.string()),
  }),
});

/** What a product shows on the confirm page besides its terms (the products table's `presentation`). */
export const productPresentation = z.object({
  buttonText: z.string().max(40).optional(),
  promoText: z.string().max(300).optional(),
  retention: z.object({ title: z.string().max(80), content: z.string().max(300) }).optional(),
  agreementPopUrl: z.string().max(300).optional(),
});
export type ProductPresentation = z.infer<typeof productPresentation>;

/** spec 001 §7 loan push: submits the application (→ 21) and answers the order details address. */
export const loanPush = defineCall({
  name: 'loanConfirm.push',
  method: 'POST',
  path: '/v3/loan-confirm/push',
  auth: true,
  success: 0,
  summary: 'Apply for the loan as quoted; the order starts under review (21)',
  request: z.object({
    productId: id('productId'),
    amount: z.coerce
      .number({ error: 'amount must be a number' })
      .int('amount must be whole centavos')
      .positive('amount must be above zero'),
    periods: z.coerce.number().int().positive(),
    termUnit: z.coerce.number().int().positive(),
    /** The term chosen on the confirm page; a term the product does not offer is refused. */
    termDays: chosenTerm,
    /** The detail's quoteId; when the terms changed since, the push is refused (40901) and the page reloads them. */
    quoteId: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'quoteId is not a quote of ours')
      .optional(),
  }),
  reply: z.object({ orderId: z.number().int(), lendDetailsUrl: z.string() }),
});
