import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { pageReply, pageRequest, yesNo } from './desk-page';

/** What credit, finance and support work through in the back office. Money in centavos. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

export const queuedOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  borrowerId: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
  phone: z.string(),
  fullName: z.string().nullable(),
  borrowerKind: z.string(),
  productName: z.string(),
  amount: z.number().int(),
  termDays: z.number().int(),
  periods: z.number().int(),
  netProceeds: z.number().int().nullable(),
  totalRepayable: z.number().int().nullable(),
  firstPayTime: z.string().nullable(),
  payoutAccount: z.string().nullable(),
});
export type QueuedOrder = z.infer<typeof queuedOrder>;

export const applications = defineCall({
  name: 'backOffice.applications',
  method: 'GET',
  path: '/admin/loans/applications',
  auth: false,
  staffRole: 'credit',
  success: 0,
  summary:
    'Applications in review (21), a page at a time (oldest first unless sorted), with the borrower, the quote they accepted, how many duplicate signals and what the borrower already owes, and how many the whole filtered queue holds',
  request: z.object({
    ...pageRequest(['createdAt', 'amount', 'termDays'], 'createdAt', 'asc'),
    /** Only applications whose borrower carries a duplicate signal, over the whole queue. */
    onlySignals: yesNo,
  }),
  reply: z.object({
    ...pageReply,
    list: z.array(
      queuedOrder.extend({
        /** How many things tie the borrower to other borrowers (creditReview.review lists them). */
        signals: z.number().int(),
        /** What the borrower's other open loans owe in full today. */
        outstanding: z.number().int(),
      }),
    ),
  }),
});

export const paymentRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  provider: z.string(),
  reference: z.string(),
  kind: z.string(),
  amount: z.number().int(),
  businessDate: z.string(),
  /** The day the money was paid: the loan counts it from then. */
  valueDate: z.string(),
  /** 'posted' or 'reversed'. */
  status: z.string(),
  reversalReason: z.string().nullable(),
  allocation: z.record(z.string(), z.number()),
  postedBy: z.string(),
  createdAt: z.string(),
});

export const payments = defineCall({
  name: 'backOffice.payments',
  method: 'GET',
  path: '/admin/loans/payments',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary:
    'Posted payments, a page at a time (newest first unless sorted), with provider references and allocations; filtered by contract number, reference, provider and status over the whole set, with the total',
  request: z.object({
    ...pageRequest(['createdAt', 'amount', 'businessDate'], 'createdAt', 'desc'),
    orderNo: z.string().trim().max(40).optional(),
    /** A payment reference, or the start of one. */
    reference: z.string().trim().max(80).optional(),
    provider: z.string().trim().max(40).optional(),
    status: z.enum(['posted', 'reversed']).optional(),
  }),
  reply: z.object({ ...pageReply, list: z.array(paymentRow) }),
});

export const cobRuns = defineCall({
  name: 'backOffice.cobRuns',
  method: 'GET',
  path: '/admin/loans/cob-runs',
  auth: false,
  staffRole: 'finance',
  success: 0,
  summary: 'Close-of-business runs, newest first, with their progress',
  request: z.object({}),
  reply: z.object({
    list: z.array(
      z.object({
        businessDate: isoDate,
        status: z.string(),
        windowOpened: z.number().int(),
        becameOverdue: z.number().int(),
        penaltiesAccrued: z.number().int(),
        startedAt: z.string(),
        finishedAt: z.string().nullable(),
      }),
    ),
  }),
});

export const contactMessages = defineCall({
  name: 'backOffice.contactMessages',
  method: 'GET',
  path: '/admin/site/messages',
  auth: false,
  staffRole: 'support',
  success: 0,
  summary: "The official site's contact messages, newest first",
  request: z.object({}),
  reply: z.object({
    list: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        phone: z.string(),
        email: z.string(),
        remark: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});
