import { z } from 'zod';
import { defineCall } from '../api/define-call';

const orderId = z.coerce
  .number({ error: 'orderId must be a number' })
  .int('orderId must be a whole number')
  .positive('orderId is required');
const row = z.object({ text: z.string(), value: z.string() });
const plan = z.object({ title: z.string(), amount: z.number().int(), pay_time: z.string() });

/** One disclosure as the borrower reads it: the summary, the Truth in Lending rows and the plan. */
const disclosureView = z.object({
  amount: z.number().int(),
  details: z.array(row),
  disclosure: z.array(row),
  repay_plans: z.array(plan),
});

/**
 * The disclosures of one of the borrower's orders: every one accepted (oldest first, never
 * changed), and, while the order is not yet disbursed and its product now prices differently,
 * the fresh disclosure to accept or decline.
 */
export const orderDisclosures = defineCall({
  name: 'loanDisclosure.list',
  method: 'GET',
  path: '/v3/loan-order/disclosures',
  auth: true,
  success: 0,
  summary: 'The accepted disclosures of an order, and new terms waiting for acceptance',
  request: z.object({ orderId }),
  reply: z.object({
    orderId: z.number().int(),
    orderNo: z.string(),
    review: disclosureView.extend({ quoteId: z.string() }).nullable(),
    accepted: z.array(
      disclosureView.extend({ id: z.number().int(), kind: z.enum(['origination', 'renewal']), acceptedAt: z.string() }),
    ),
  }),
});

export const acceptTerms = defineCall({
  name: 'loanDisclosure.accept',
  method: 'POST',
  path: '/v3/loan-order/accept-terms',
  auth: true,
  success: 0,
  summary: 'Accept the new terms of an order not yet disbursed (the quoteId shown)',
  request: z.object({ orderId, quoteId: z.string().regex(/^[0-9a-f]{32}$/, 'quoteId is not a quote of ours') }),
  reply: z.object({ lendDetailsUrl: z.string() }),
});

export const declineTerms = defineCall({
  name: 'loanDisclosure.decline',
  method: 'POST',
  path: '/v3/loan-order/decline-terms',
  auth: true,
  success: 0,
  summary: 'Decline the new terms: the order ends without a loan (151)',
  request: z.object({ orderId }),
  reply: z.object({ lendDetailsUrl: z.string() }),
});
