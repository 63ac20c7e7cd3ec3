import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  creditTransfers,
  loanOrders,
  manualPostings,
  paymentReversals,
  payments,
  payouts,
  writeOffs,
} from '../../db/schema';

/** What waits for a second person on money: read only, nothing here changes a row. */
export type MoneyApprovalKind = 'payout' | 'refund' | 'manualPosting' | 'reversal' | 'writeOff' | 'creditTransfer';

export interface PendingMoneyApproval {
  kind: MoneyApprovalKind;
  /** The id the kind's own approve and reject calls take. */
  id: number;
  orderNo: string;
  /** Centavos; null where the amount is fixed only on approval (a write-off). */
  amount: number | null;
  /** Who asked: a staff member's e-mail, or `borrower` for a borrower's own request. */
  proposedBy: string;
  proposedAt: Date;
  /** What is asked, in a few words (reference, reason). */
  detail: string;
}

/**
 * Every money decision waiting for a second person, oldest first: payouts (disbursals and
 * refunds) requested, manual postings, payment reversals and write-offs entered, and credit
 * transfers a borrower asked for.
 */
export async function pendingMoneyApprovals(db: Db): Promise<PendingMoneyApproval[]> {
  const [payoutRows, postingRows, reversalRows, writeOffRows, transferRows] = await Promise.all([
    db
      .select({ p: payouts, orderNo: loanOrders.orderNo })
      .from(payouts)
      .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
      .where(eq(payouts.status, 'requested'))
      .orderBy(asc(payouts.requestedAt)),
    db
      .select({ m: manualPostings, orderNo: loanOrders.orderNo })
      .from(manualPostings)
      .innerJoin(loanOrders, eq(loanOrders.id, manualPostings.orderId))
      .where(eq(manualPostings.status, 'pending'))
      .orderBy(asc(manualPostings.requestedAt)),
    db
      .select({
        r: paymentReversals,
        amount: payments.amount,
        reference: payments.reference,
        orderNo: loanOrders.orderNo,
      })
      .from(paymentReversals)
      .innerJoin(payments, eq(payments.id, paymentReversals.paymentId))
      .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
      .where(eq(paymentReversals.status, 'pending'))
      .orderBy(asc(paymentReversals.requestedAt)),
    db
      .select({ w: writeOffs, orderNo: loanOrders.orderNo })
      .from(writeOffs)
      .innerJoin(loanOrders, eq(loanOrders.id, writeOffs.orderId))
      .where(eq(writeOffs.status, 'pending'))
      .orderBy(asc(writeOffs.requestedAt)),
    db
      .select({ c: creditTransfers, orderNo: loanOrders.orderNo })
      .from(creditTransfers)
      .innerJoin(loanOrders, eq(loanOrders.id, creditTransfers.fromOrderId))
      .where(eq(creditTransfers.status, 'requested'))
      .orderBy(asc(creditTransfers.consentedAt)),
  ]);
  const all: PendingMoneyApproval[] = [
    ...payoutRows.map(({ p, orderNo }) => ({
      kind: p.kind === 'refund' ? ('refund' as const) : ('payout' as const),
      id: p.id,
      orderNo,
      amount: p.amount,
      proposedBy: p.requestedBy,
      proposedAt: p.requestedAt,
      detail: `${p.kind} to ${p.channel} •••• ${p.accountNo.slice(-4)}`,
    })),
    ...postingRows.map(({ m, orderNo }) => ({
      kind: 'manualPosting' as const,
      id: m.id,
      orderNo,
      amount: m.amount,
      proposedBy: m.requestedBy,
      proposedAt: m.requestedAt,
      detail: `${m.kind}, reference ${m.reference}`,
    })),
    ...reversalRows.map(({ r, amount, reference, orderNo }) => ({
      kind: 'reversal' as const,
      id: r.id,
      orderNo,
      amount,
      proposedBy: r.requestedBy,
      proposedAt: r.requestedAt,
      detail: `payment ${reference}: ${r.reason}`,
    })),
    ...writeOffRows.map(({ w, orderNo }) => ({
      kind: 'writeOff' as const,
      id: w.id,
      orderNo,
      amount: w.amount ?? null,
      proposedBy: w.requestedBy,
      proposedAt: w.requestedAt,
      detail: w.reason,
    })),
    ...transferRows.map(({ c, orderNo }) => ({
      kind: 'creditTransfer' as const,
      id: c.id,
      orderNo,
      amount: c.amount,
      proposedBy: 'borrower',
      proposedAt: c.consentedAt,
      detail: `credit from ${orderNo} to the borrower's running loan`,
    })),
  ];
  return all.sort((a, b) => a.proposedAt.getTime() - b.proposedAt.getTime());
}
