import { z } from 'zod';
import { defineCall } from '../api/define-call';

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} is required`);
/** Integer centavos. */
const money = z.number().int();

/**
 * One line of the schedule, as the loan engine holds the loan today: an installment of the
 * contract, or a charge the loan incurred over its life (extension fees, late penalties, other
 * charges), which is owed loan-wide rather than with one installment.
 */
const scheduleRow = z.object({
  kind: z.enum(['installment', 'extensionFees', 'penalties', 'otherCharges']),
  /** The installment's number (1-based); null for a charge. */
  period: z.number().int().nullable(),
  /** The installment's due date (after any extension); null for a charge. */
  dueDate: z.string().nullable(),
  principal: money,
  interest: money,
  /** Charges: what was billed; 0 on an installment (the service fee was deducted from the proceeds). */
  fees: money,
  paid: money,
  left: money,
  /** paid: nothing left; late: an installment past its due date with something left, or penalties owed; open otherwise. */
  state: z.enum(['paid', 'open', 'late']),
});

const paymentRow = z.object({
  paymentId: z.number().int(),
  /** The day the money was paid (its value date: the loan counts it from that day). */
  paidOn: z.string(),
  /** When the payment was recorded. */
  recordedAt: z.string(),
  /** How it was paid, in the reader's language (GCash, 7-Eleven, paid directly to the lender, …). */
  channel: z.string(),
  reference: z.string(),
  amount: money,
  kind: z.enum(['repayment', 'extension']),
  /** A reversed payment (a chargeback, a finance reversal) stays on record and counts for nothing. */
  status: z.enum(['posted', 'reversed']),
  reversedAt: z.string().nullable(),
});

/** The lender as the legal pages name it (configuration), for receipts and certificates. */
const lender = z.object({
  name: z.string(),
  secRegistrationNo: z.string(),
  certificateOfAuthorityNo: z.string(),
  address: z.string(),
});

/**
 * The records of one of the borrower's own orders: the schedule, every payment, the accepted
 * disclosures and whether the certificate of full payment can be issued. Figures are the loan
 * engine's and the postings', never recomputed by the page.
 */
export const orderRecords = defineCall({
  name: 'records.order',
  method: 'GET',
  path: '/v3/records/order',
  auth: true,
  success: 0,
  summary: 'One order’s records: schedule (paid and left), payments, accepted disclosures, certificate when settled',
  request: z.object({ orderId: id('orderId') }),
  reply: z.object({
    orderId: z.number().int(),
    orderNo: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    status: z.number().int(),
    amount: money,
    disbursedOn: z.string().nullable(),
    /** Empty before the loan is paid out. */
    schedule: z.array(scheduleRow),
    totals: z.object({ principal: money, interest: money, fees: money, paid: money, left: money }),
    payments: z.array(paymentRow),
    /** Every payment still posted, added up (credit included). */
    totalPaid: money,
    /** The borrower's credit left (paid over what was owed, less refunds paid). */
    credit: money,
    /** The disclosures the borrower accepted for this order, oldest first (read on the disclosure page). */
    disclosures: z.array(
      z.object({ id: z.number().int(), kind: z.enum(['origination', 'renewal']), acceptedAt: z.string() }),
    ),
    /** Whether the loan agreement of this order can be read (it has accepted terms). */
    agreement: z.boolean(),
    /** Settled (200): the certificate of full payment is issued. */
    settled: z.boolean(),
  }),
});

/** One payment's receipt: what it paid, as posted, and what the loan owed right after it. */
export const paymentReceipt = defineCall({
  name: 'records.receipt',
  method: 'GET',
  path: '/v3/records/receipt',
  auth: true,
  success: 0,
  summary:
    'A receipt of one payment of the borrower’s order: reference, channel, allocation as posted, balance after it',
  request: z.object({ orderId: id('orderId'), paymentId: id('paymentId') }),
  reply: z.object({
    orderId: z.number().int(),
    orderNo: z.string(),
    productId: z.number().int(),
    borrowerName: z.string(),
    payment: paymentRow,
    /** Where the payment went, as posted (sums to the amount); null once reversed. */
    allocation: z
      .object({ principal: money, interest: money, fees: money, penalties: money, otherCharges: money, credit: money })
      .nullable(),
    /** An extension payment that moved the due date. */
    extended: z.boolean(),
    /** What the loan still owed right after this payment (the engine's balances on its day); null once reversed. */
    remaining: money.nullable(),
    /** The borrower's credit right after this payment, less refunds paid before it; null once reversed. */
    creditLeft: money.nullable(),
    lender,
  }),
});

/** The certificate of full payment of a settled order. */
export const paymentCertificate = defineCall({
  name: 'records.certificate',
  method: 'GET',
  path: '/v3/records/certificate',
  auth: true,
  success: 0,
  summary: 'The certificate of full payment of the borrower’s settled order (refused, 40904, until it is settled)',
  request: z.object({ orderId: id('orderId') }),
  reply: z.object({
    orderId: z.number().int(),
    orderNo: z.string(),
    productId: z.number().int(),
    certificateNo: z.string(),
    borrowerName: z.string(),
    amount: money,
    totalPaid: money,
    /** The value date of the payment that settled the loan. */
    settledOn: z.string(),
    issuedOn: z.string(),
    /** Credit the borrower still has on this loan (refunded on request). */
    credit: money,
    lender,
  }),
});

export type OrderRecords = z.infer<typeof orderRecords.reply>;
export type PaymentReceipt = z.infer<typeof paymentReceipt.reply>;
export type PaymentCertificate = z.infer<typeof paymentCertificate.reply>;
export type ScheduleRow = z.infer<typeof scheduleRow>;
export type RecordPayment = z.infer<typeof paymentRow>;
