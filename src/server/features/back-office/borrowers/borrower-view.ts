import { asc, desc, eq, inArray } from 'drizzle-orm';
import { allocationParts, isExtension } from '../../../../shared/allocation-parts';
import { Code } from '../../../../shared/codes';
import type { BorrowerOrder, BorrowerPayment } from '../../../../shared/contracts/back-office-borrowers';
import { Channel } from '../../../../shared/contracts/bank-binding';
import { isOrderStatus, orderStatusText } from '../../../../shared/order-status';
import type { Db } from '../../../db/client';
import {
  auditLog,
  borrowers,
  complaints,
  loanDisclosures,
  loanOrders,
  payments,
  payoutAccounts,
  products,
  smsOutbox,
} from '../../../db/schema';
import { answersForStaff } from '../../../applications/answers-service';
import { contactsOf } from '../collections/collections-attempts';
import { readLoanState } from '../../../money';
import type { LoanQuote } from '../../../domain/loan';
import { AppError } from '../../../http/app-error';
import { auditSentence } from '../audit/audit-sentences';
import { aboutBorrowers, namesFor } from '../audit/audit-trail';

const PAYOUT_CHANNELS: Record<number, string> = {
  [Channel.GCASH]: 'GCash',
  [Channel.MAYA]: 'Maya',
  [Channel.BANK]: 'Bank transfer',
};
const RECENT = 100;

/** The last four digits only, for everyone but finance. */
export const maskAccount = (accountNo: string) => (accountNo.length > 4 ? `•••• ${accountNo.slice(-4)}` : accountNo);

/** One-time codes in a sent text are hidden: a support agent reading them could sign in as the borrower. */
export const hideCodes = (body: string) => body.replace(/\b\d{4,8}\b/g, (code) => '•'.repeat(code.length));

interface Schedule {
  installments?: { period: number; dueDate: string; principal: number; interest: number }[];
}

function paymentRow(payment: typeof payments.$inferSelect): BorrowerPayment {
  return {
    id: payment.id,
    provider: payment.provider,
    reference: payment.reference,
    kind: payment.kind,
    amount: payment.amount,
    businessDate: payment.businessDate,
    parts: allocationParts(payment.allocation),
    extended: isExtension(payment.allocation),
    postedBy: payment.postedBy,
    createdAt: payment.createdAt.toISOString(),
  };
}

function disclosureRow(row: typeof loanDisclosures.$inferSelect): BorrowerOrder['disclosures'][number] {
  const quote = row.quote as unknown as LoanQuote;
  return {
    id: row.id,
    kind: row.kind,
    acceptedAt: row.acceptedAt.toISOString(),
    serviceFee: quote.totals?.fees ?? 0,
    netProceeds: quote.netProceeds ?? 0,
    interest: quote.totals?.interest ?? 0,
    totalRepayable: quote.totals?.totalRepayable ?? 0,
    monthlyRateBps: quote.disclosure?.effectiveRate?.monthlyBps ?? 0,
  };
}

async function ordersOf(db: Db, borrowerId: number): Promise<BorrowerOrder[]> {
  const rows = await db
    .select({ order: loanOrders, productName: products.name })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id));
  const ids = rows.map((r) => r.order.id);
  const paid = ids.length
    ? await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id))
    : [];
  const accepted = ids.length
    ? await db
        .select()
        .from(loanDisclosures)
        .where(inArray(loanDisclosures.orderId, ids))
        .orderBy(asc(loanDisclosures.id))
    : [];
  return rows.map(({ order, productName }) => {
    // The running loan once disbursed, the accepted quote before.
    const plan = order.loanState ? readLoanState(order.loanState, order) : ((order.quote ?? {}) as Schedule);
    const quote = (order.quote ?? {}) as { totals?: { totalRepayable?: number } };
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      status: order.status,
      statusText: isOrderStatus(order.status) ? orderStatusText[order.status] : String(order.status),
      productName,
      amount: order.amount,
      termDays: order.termDays,
      periods: order.periods,
      createdAt: order.createdAt.toISOString(),
      disbursedOn: order.disbursedOn,
      dueDate: order.dueDate,
      decisionReason: order.decisionReason,
      totalRepayable: quote.totals?.totalRepayable ?? null,
      schedule: (plan.installments ?? []).map(({ period, dueDate, principal, interest }) => ({
        period,
        dueDate,
        principal,
        interest,
      })),
      payments: paid.filter((p) => p.orderId === order.id).map(paymentRow),
      disclosures: accepted.filter((d) => d.orderId === order.id).map(disclosureRow),
    };
  });
}

/**
 * Everything the back office knows about one borrower, for any desk; full account numbers only for
 * finance; the application's answers and pictures only for credit.
 */
export async function borrowerView(
  db: Db,
  borrowerId: number,
  { fullAccounts, application = false }: { fullAccounts: boolean; application?: boolean },
) {
  const borrower = await db.query.borrowers.findFirst({ where: eq(borrowers.id, borrowerId) });
  if (!borrower) throw new AppError(Code.NOT_FOUND, 'No such borrower');
  const accounts = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.borrowerId, borrowerId))
    .orderBy(desc(payoutAccounts.id));
  const filed = await db
    .select()
    .from(complaints)
    .where(eq(complaints.borrowerId, borrowerId))
    .orderBy(desc(complaints.id));
  const sent = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, borrower.phone))
    .orderBy(desc(smsOutbox.id))
    .limit(RECENT);
  const trail = await db
    .select()
    .from(auditLog)
    .where(aboutBorrowers([borrowerId]))
    .orderBy(desc(auditLog.id))
    .limit(RECENT);
  const names = await namesFor(db, trail);
  return {
    identity: {
      borrowerId: borrower.id,
      fullName: borrower.fullName,
      phone: borrower.phone,
      registeredAt: borrower.createdAt.toISOString(),
      cameFrom: [borrower.appFrom, borrower.utmTag].filter(Boolean).join(' · ') || null,
    },
    accounts: accounts.map((a) => ({
      id: a.id,
      channel: PAYOUT_CHANNELS[a.channelNumber] ?? `Channel ${a.channelNumber}`,
      holder: a.accountName,
      accountNo: fullAccounts ? a.accountNo : maskAccount(a.accountNo),
      masked: !fullAccounts,
      details: a.fields,
      createdAt: a.createdAt.toISOString(),
    })),
    orders: await ordersOf(db, borrowerId),
    complaints: filed.map((c) => ({
      id: c.id,
      orderNo: c.orderNo,
      problemType: c.problemType,
      detail: c.detail,
      reply: c.disposeDetail,
      createdAt: c.createdAt.toISOString(),
      repliedAt: c.repliedAt?.toISOString() ?? null,
    })),
    messages: sent.map((m) => ({ id: m.id, body: hideCodes(m.body), sentAt: m.createdAt.toISOString() })),
    collectionContacts: await contactsOf(db, borrowerId, RECENT),
    audit: trail.map((row) => ({ id: row.id, at: row.at.toISOString(), sentence: auditSentence(row, names) })),
    application: application ? await answersForStaff(db, borrowerId) : null,
  };
}
