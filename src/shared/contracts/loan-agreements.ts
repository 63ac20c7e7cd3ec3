import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { chosenTerm } from './loan-confirm';

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} is required`);
/** spec 001 §7: the agreements of a loan; scene 3 is the loan confirm page. */
const scene = z.coerce.number().int().min(1).max(9).default(3);
const position = z.coerce.number().int().min(1, 'position is 1, 2 or 3').max(3, 'position is 1, 2 or 3');

export const agreement = z.object({ title: z.string(), position: z.number().int() });

export const contractList = defineCall({
  name: 'loanAgreements.list',
  method: 'GET',
  path: '/v3/contract/list',
  auth: true,
  success: 0,
  summary: 'The agreements a borrower accepts for a product (scene 3: loan confirm)',
  request: z.object({ productId: id('productId'), scene }),
  reply: z.object({ list: z.array(agreement) }),
});

export const contractJump = defineCall({
  name: 'loanAgreements.jump',
  method: 'GET',
  path: '/v3/contract/jump',
  auth: true,
  success: 0,
  summary: "The address of one agreement, for the product's quote or the borrower's own order",
  request: z.object({
    productId: id('productId'),
    scene,
    position,
    orderId: id('orderId').optional(),
    amount: z.coerce.number().int().positive().optional(),
    termDays: chosenTerm,
  }),
  reply: z.object({ contract_url: z.string() }),
});

const row = z.object({ text: z.string(), value: z.string() });

export const agreementDocument = defineCall({
  name: 'loanAgreements.document',
  method: 'GET',
  path: '/v3/contract/document',
  auth: true,
  success: 0,
  summary: 'One agreement rendered from the product and the quote (or the order the borrower accepted)',
  request: z.object({
    productId: id('productId'),
    position,
    orderId: id('orderId').optional(),
    amount: z.coerce.number().int().positive().optional(),
    termDays: chosenTerm,
  }),
  reply: z.object({
    title: z.string(),
    /** On a translation, the line that says which text governs (the English); absent on the English. */
    note: z.string().optional(),
    /** Who lends, and to whom when it is an order's document. */
    parties: z.array(z.string()),
    rows: z.array(row),
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
    /** The figures are the order's, fixed when it was submitted, or a quote of today. */
    basis: z.enum(['order', 'quote']),
  }),
});
