import { z } from 'zod';
import { defineCall } from '../api/define-call';

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} is required`);
const flag = z.union([z.literal(0), z.literal(1)]);

/** spec 001 §2.1, §3 a recommended product: logo, name, button label, amount range and its description, rate, description. */
export const recProductSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  logo: z.string(),
  /** spec 001 §5: 1 enabled; a product shown with 0 does nothing when tapped. */
  enabled: flag,
  buttonText: z.string(),
  range: z.string(),
  rangeDesc: z.string(),
  rate: z.string(),
  description: z.string(),
});

const detailsRequest = z.object({ productId: id('productId').optional(), orderId: id('orderId') });
const detailsReply = z.object({
  /** spec 001 §3: always true in a reply that carries data (failures answer with their code). */
  success: z.boolean(),
  /** spec 001 §3: 1 when the order's product is the lender's own (served inside this app), 0 for a loan-market partner's. */
  inside: flag,
  /** spec 001 §3: the address of this order's page on the web, for opening it outside the app. */
  h5Url: z.string(),
  /** spec 001 §2.1: the loan-market flag; recommendations show instead of the buttons while it is 1. */
  loanMarket: flag,
  /** Our reading of spec 001 §2.1's withdraw reminder: approved, money on its way to the named account, by when. */
  withdrawTitle: z.string().optional(),
  withdrawMsg: z.string().optional(),
  orderId: z.number().int(),
  productId: z.number().int(),
  orderStatus: z.number().int(),
  noticeStatusText: z.string(),
  noticeDesText: z.string(),
  recProducts: z.array(recProductSchema),
  productName: z.string(),
  productLogo: z.string(),
  userOrderDetail: z.object({ detail: z.array(z.object({ text: z.string(), value: z.string() })) }),
  isDelay: flag,
  telephone: z.string(),
  /** '1' opens the rating dialog (spec 001 §4). */
  isScore: z.enum(['0', '1']),
  playeduL: z.string(),
  reyMsg: z.string(),
  KindTipsMsg: z.string().optional(),
  /**
   * A settled order's credit: what finance can do with it, a request still waiting, and (when
   * the borrower has a running loan) the button that asks to use it there, with the consent text.
   */
  creditNote: z.string().optional(),
  creditUse: z.object({ toOrderId: z.number().int(), button: z.string(), confirm: z.string() }).optional(),
  cardNeedPop: flag,
  cardPopTitle: z.string(),
  cardPopMsg: z.string(),
});

const summary = 'One order of the signed-in borrower: status texts, detail rows, which buttons and dialogs apply';

/** spec 001 §3 loan details response, §7 GET or POST /v3/loan-details/loan-details. Money in the rows is formatted. */
export const loanDetails = defineCall({
  name: 'loanDetails.details',
  method: 'GET',
  path: '/v3/loan-details/loan-details',
  auth: true,
  success: 0,
  summary,
  request: detailsRequest,
  reply: detailsReply,
});

/** spec 001 §7: the same call by POST (form-encoded). */
export const loanDetailsPost = defineCall({
  name: 'loanDetails.detailsPost',
  method: 'POST',
  path: '/v3/loan-details/loan-details',
  auth: true,
  success: 0,
  summary,
  request: detailsRequest,
  reply: detailsReply,
});

/** spec 001 §7 POST /service/event/save: moduleId 30 is Borrow Again; the answer is ignored by the page. */
export const eventSave = defineCall({
  name: 'loanDetails.eventSave',
  method: 'POST',
  path: '/service/event/save',
  auth: true,
  success: 0,
  summary: 'Record a tap on Borrow Again or a recommended product',
  request: z.object({
    productId: id('productId'),
    moduleId: z.coerce.number().int().min(0).max(999),
    positionId: z.coerce.number().int().min(0).max(999),
  }),
  reply: z.object({ saved: z.boolean() }),
});

/** spec 001 §7 /v3/loan-details/google-score: the stars the borrower chose (architecture.md: Languages and departures: not always 5). */
export const googleScore = defineCall({
  name: 'loanDetails.googleScore',
  method: 'POST',
  path: '/v3/loan-details/google-score',
  auth: true,
  success: 0,
  summary: 'The borrower’s app rating, 1 to 5 stars',
  request: z.object({
    score: z.coerce
      .number()
      .int('Choose 1 to 5 stars')
      .min(1, 'Choose at least one star')
      .max(5, 'Choose at most 5 stars'),
  }),
  reply: z.object({ saved: z.boolean() }),
});

export type LoanDetails = z.infer<typeof loanDetails.reply>;
