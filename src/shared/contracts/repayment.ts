import { z } from 'zod';
import { defineCall } from '../api/define-call';

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} is required`);

const row = z.object({ text: z.string(), value: z.string() });
const channel = z.object({ name: z.string(), logo: z.string(), channel_number: z.number().int() });
/** spec 001 §2.7: notices grouped by title, each entry a name and its steps. */
const payNotice = z.object({
  title: z.string(),
  list: z.array(z.object({ name: z.string(), steps: z.array(z.string()) })),
});
const defDetail = z.object({ payCode: z.string(), logo: z.string(), title: z.string(), payNotice: z.array(payNotice) });

/** spec 001 §3 repayment info, §7 installment loan play detail. Money in centavos. */
export const installmentDetail = defineCall({
  name: 'repayment.installmentDetail',
  method: 'GET',
  path: '/v3/repayment/installment-detail',
  auth: true,
  success: 0,
  summary: 'What is due on an order now, the channels to pay it through, and the default pay code',
  request: z.object({ productId: id('productId').optional(), orderId: id('orderId') }),
  reply: z.object({
    orderId: z.number().int(),
    productId: z.number().int(),
    orderNo: z.string(),
    repayAmount: z.number().int(),
    repayDate: z.string(),
    /**
     * Present when `repayAmount` (what settles the loan today, interest only to today) is less than
     * what falls due on `repayDate` if nothing is paid before: that amount.
     */
    amountOnDueDate: z.number().int().optional(),
    productName: z.string(),
    productLogo: z.string(),
    noticeMsg: z.string(),
    detail: z.array(row),
    repayList: z.array(channel),
    defDetail,
    isShowReyTop: z.union([z.literal(0), z.literal(1)]),
    /** spec 001 §9: present while prepayment is open: paying `amount` today settles the loan, `rebate` of unearned interest waived. */
    payoff: z.object({ amount: z.number().int(), rebate: z.number().int(), asOf: z.string() }).optional(),
    /**
     * Present during a product's lock-in: paying in full now costs `payAll` (the whole scheduled
     * interest), `unearnedInterest` of it interest that paying from `until` on would not charge.
     */
    lockIn: z.object({ until: z.string(), payAll: z.number().int(), unearnedInterest: z.number().int() }).optional(),
  }),
});

/** spec 001 §2.9, §7 delay repayment detail: what an extension costs and the plan after it. */
export const delayDetail = defineCall({
  name: 'repayment.delayDetail',
  method: 'GET',
  path: '/v3/repayment/delay-detail',
  auth: true,
  success: 0,
  summary: 'The extension quote: delay amount, next payment date and the plan after it',
  request: z.object({ productId: id('productId').optional(), orderId: id('orderId') }),
  reply: z.object({
    orderId: z.number().int(),
    productId: z.number().int(),
    orderNo: z.string(),
    productName: z.string(),
    productLogo: z.string(),
    delayInfo: z.object({ title: z.string(), delayAmount: z.number().int() }),
    nextPaymentDate: z.string(),
    repayPlan: z.array(z.object({ remark: z.string(), title: z.string(), amount: z.number().int(), time: z.string() })),
    repayList: z.array(channel),
    defDetail,
    /** The renewal's own terms, shown before paying: what the delay amount covers and the schedule after it. */
    renewal: z
      .object({
        validThrough: z.string(),
        interestDue: z.number().int(),
        penaltiesDue: z.number().int(),
        feesDue: z.number().int(),
        extensionFee: z.number().int(),
        extensionInterest: z.number().int(),
        schedule: z.array(z.object({ dueDate: z.string(), amount: z.number().int() })),
      })
      .optional(),
  }),
});

/** spec 001 §7 generate verification code (pay request) → payUrl. */
export const payRequest = defineCall({
  name: 'repayment.payRequest',
  method: 'POST',
  path: '/v3/repayment/pay-request',
  auth: true,
  success: 0,
  summary: 'Start paying an order through a channel; isDelay=1 pays for an extension. Answers the address to open',
  request: z.object({
    productId: id('productId').optional(),
    orderId: id('orderId'),
    amount: z.coerce
      .number({ error: 'amount must be a number' })
      .int('amount must be whole centavos')
      .positive('amount must be above zero'),
    channelNumber: id('channelNumber'),
    isDelay: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'isDelay must be 0 or 1' }))
      .optional()
      .default(0),
  }),
  reply: z.object({ payUrl: z.string(), reference: z.string() }),
});

export type RepaymentInfo = z.infer<typeof installmentDetail.reply>;
export type DelayInfo = z.infer<typeof delayDetail.reply>;
