import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { contactAttempt } from './back-office-collections';
import { MAX_PAGE_SIZE } from './desk-page';

/** The borrower view every desk opens: one search box, one page per borrower. Money in centavos. */

export const borrowerHit = z.object({
  borrowerId: z.number().int(),
  fullName: z.string().nullable(),
  phone: z.string(),
  /** What the query matched, as the operator reads it ("contract HRM00000080"). */
  matched: z.string(),
  orders: z.number().int(),
});
export type BorrowerHit = z.infer<typeof borrowerHit>;

export const borrowerSearch = defineCall({
  name: 'borrowers.search',
  method: 'GET',
  path: '/admin/borrowers/search',
  auth: false,
  staffRole: 'signedIn',
  success: 0,
  summary:
    'Borrowers by name, mobile, contract number in any form (84, HRM00000084), ID number, payout account or payment reference, a page at a time with the total',
  request: z.object({
    q: z.string().trim().min(2, 'Type at least 2 characters').max(60),
    page: z.coerce.number().int().positive().max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  }),
  reply: z.object({ list: z.array(borrowerHit), total: z.number().int().nonnegative() }),
});

const payoutAccount = z.object({
  id: z.number().int(),
  channel: z.string(),
  holder: z.string(),
  /** The full number for finance; everyone else sees the last four digits. */
  accountNo: z.string(),
  masked: z.boolean(),
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
});

const installment = z.object({
  period: z.number().int(),
  dueDate: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
});

export const borrowerPayment = z.object({
  id: z.number().int(),
  provider: z.string(),
  reference: z.string(),
  kind: z.string(),
  amount: z.number().int(),
  businessDate: z.string(),
  /** Where the amount went, money parts only: they add up to `amount`. */
  parts: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  /** The payment bought an extension (a marker, not money). */
  extended: z.boolean(),
  postedBy: z.string(),
  createdAt: z.string(),
});
export type BorrowerPayment = z.infer<typeof borrowerPayment>;

const borrowerOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  productName: z.string(),
  amount: z.number().int(),
  termDays: z.number().int(),
  periods: z.number().int(),
  createdAt: z.string(),
  disbursedOn: z.string().nullable(),
  dueDate: z.string().nullable(),
  decisionReason: z.string().nullable(),
  totalRepayable: z.number().int().nullable(),
  schedule: z.array(installment),
  payments: z.array(borrowerPayment),
  /** Every disclosure the borrower accepted for the order, oldest first: the newest origination is the contract. */
  disclosures: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      acceptedAt: z.string(),
      serviceFee: z.number().int(),
      netProceeds: z.number().int(),
      interest: z.number().int(),
      totalRepayable: z.number().int(),
      monthlyRateBps: z.number().int(),
    }),
  ),
});
export type BorrowerOrder = z.infer<typeof borrowerOrder>;

export const borrowerView = defineCall({
  name: 'borrowers.view',
  method: 'GET',
  path: '/admin/borrowers/view',
  auth: false,
  staffRole: 'signedIn',
  success: 0,
  summary:
    'One borrower: identity, payout accounts, orders with schedule and payments, complaints, messages and audit trail',
  request: z.object({ borrowerId: z.coerce.number().int().positive() }),
  reply: z.object({
    identity: z.object({
      borrowerId: z.number().int(),
      fullName: z.string().nullable(),
      phone: z.string(),
      registeredAt: z.string(),
      cameFrom: z.string().nullable(),
    }),
    accounts: z.array(payoutAccount),
    orders: z.array(borrowerOrder),
    complaints: z.array(
      z.object({
        id: z.number().int(),
        orderNo: z.string().nullable(),
        problemType: z.number().int(),
        detail: z.string(),
        reply: z.string().nullable(),
        createdAt: z.string(),
        repliedAt: z.string().nullable(),
      }),
    ),
    /** Text messages sent to the borrower's mobile; one-time codes are hidden. */
    messages: z.array(z.object({ id: z.number().int(), body: z.string(), sentAt: z.string() })),
    /** Collection calls and texts to the borrower, newest first. */
    collectionContacts: z.array(contactAttempt.extend({ orderNo: z.string() })),
    audit: z.array(z.object({ id: z.number().int(), at: z.string(), sentence: z.string() })),
    /** The application's answers and identity pictures (staff-only addresses), for credit staff only; null for other desks. */
    application: z
      .object({
        consentGivenAt: z.string().nullable(),
        sections: z.array(
          z.object({
            key: z.string(),
            title: z.string(),
            rows: z.array(
              z.object({ code: z.string(), title: z.string(), kind: z.enum(['text', 'image']), value: z.string() }),
            ),
          }),
        ),
      })
      .nullable(),
  }),
});
