import { and, asc, eq, gt, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { orderStatusText, type OrderStatusCode } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import { borrowers, ledgerEntries, loanOrders, payments, payouts, products } from '../../db/schema';
import { balancesOf, daysPastDue, type IsoDate } from '../../domain/loan';
import { stateOn } from '../loans/repayable';
import { readLoanStateOrNull } from '../loans/stored-state';

/**
 * Read-only rows for the auditor's exports, a batch at a time on a keyset cursor (`id > last`), so
 * an export of any range streams without holding the range in memory. Nothing here writes.
 */

export interface ExportRange {
  from: IsoDate;
  to: IsoDate;
}

/** Rows of one export, `size` at a time, in id order, until a short batch. */
async function* batches<R extends { id: number }>(read: (after: number) => Promise<R[]>, size: number) {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

const manilaDay = (column: SQL | unknown) => sql`((${column}) at time zone 'Asia/Manila')::date`;

export interface LoanTapeRow {
  id: number;
  orderNo: string;
  borrowerId: number;
  borrowerName: string | null;
  product: string;
  status: string;
  borrowerKind: string;
  principal: number;
  termDays: number;
  periods: number;
  dailyInterestBps: number | null;
  serviceFee: number | null;
  applied: string;
  disbursedOn: string | null;
  firstDueDate: string | null;
  maturityDate: string | null;
  nextDueDate: string | null;
  extensions: number;
  daysPastDue: number;
  principalPaid: number;
  interestPaid: number;
  outstandingPrincipal: number;
  outstandingInterest: number;
  outstandingFees: number;
  outstandingPenalties: number;
  outstandingLegalCharges: number;
  outstandingEnforcementCosts: number;
  outstandingTotal: number;
  credit: number;
  writtenOff: boolean;
}

/**
 * The loan tape: one row per loan paid out in the range (by its disbursal date), with its terms,
 * dates, amounts, status, days past due on `asOf` and what is outstanding by component on `asOf`
 * (late penalties a missed close of business has not booked yet included, as the borrower would pay).
 */
export function loanTapeBatches(db: Db, range: ExportRange, asOf: IsoDate, size = 500) {
  return batches(async (after): Promise<LoanTapeRow[]> => {
    const rows = await db
      .select({
        id: loanOrders.id,
        orderNo: loanOrders.orderNo,
        borrowerId: loanOrders.borrowerId,
        borrowerName: borrowers.fullName,
        product: products.name,
        status: loanOrders.status,
        borrowerKind: loanOrders.borrowerKind,
        amount: loanOrders.amount,
        termDays: loanOrders.termDays,
        periods: loanOrders.periods,
        createdAt: loanOrders.createdAt,
        disbursedOn: loanOrders.disbursedOn,
        dueDate: loanOrders.dueDate,
        extensions: loanOrders.extensions,
        loanState: loanOrders.loanState,
        writeOff: loanOrders.writeOff,
      })
      .from(loanOrders)
      .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
      .innerJoin(products, eq(products.id, loanOrders.productId))
      .where(
        and(
          gt(loanOrders.id, after),
          isNotNull(loanOrders.disbursedOn),
          gte(loanOrders.disbursedOn, range.from),
          lte(loanOrders.disbursedOn, range.to),
        ),
      )
      .orderBy(asc(loanOrders.id))
      .limit(size);
    return rows.map((row) => {
      const stored = readLoanStateOrNull(row.loanState, { id: row.id, orderNo: row.orderNo });
      const state = stored ? stateOn({ loanState: stored }, asOf) : null;
      const owed = state ? balancesOf(state) : null;
      const outstanding = owed
        ? owed.principal + owed.interest + owed.fees + owed.penalties + owed.legalCharges + owed.enforcementCosts
        : 0;
      const settledOrOff = row.writeOff !== null || row.status === 200;
      return {
        id: row.id,
        orderNo: row.orderNo,
        borrowerId: row.borrowerId,
        borrowerName: row.borrowerName,
        product: row.product,
        status: orderStatusText[row.status as OrderStatusCode] ?? String(row.status),
        borrowerKind: row.borrowerKind,
        principal: row.amount,
        termDays: row.termDays,
        periods: row.periods,
        dailyInterestBps: state?.terms.dailyInterestBps ?? null,
        serviceFee: state?.terms.serviceFee ?? null,
        applied: row.createdAt.toISOString(),
        disbursedOn: row.disbursedOn,
        firstDueDate: state?.installments[0]?.dueDate ?? null,
        maturityDate: state?.installments.at(-1)?.dueDate ?? null,
        nextDueDate: settledOrOff ? null : row.dueDate,
        extensions: row.extensions,
        daysPastDue: state && !settledOrOff ? daysPastDue(state, asOf) : 0,
        principalPaid: state?.paid.principal ?? 0,
        interestPaid: state?.paid.interest ?? 0,
        outstandingPrincipal: owed?.principal ?? 0,
        outstandingInterest: owed?.interest ?? 0,
        outstandingFees: owed?.fees ?? 0,
        outstandingPenalties: owed?.penalties ?? 0,
        outstandingLegalCharges: owed?.legalCharges ?? 0,
        outstandingEnforcementCosts: owed?.enforcementCosts ?? 0,
        outstandingTotal: outstanding,
        credit: state?.credit ?? 0,
        writtenOff: row.writeOff !== null,
      };
    });
  }, size);
}

/** Payments recorded on business dates in the range, reversed ones included with who reversed them and why. */
export function paymentBatches(db: Db, range: ExportRange, size = 1000) {
  return batches(
    (after) =>
      db
        .select({
          id: payments.id,
          businessDate: payments.businessDate,
          valueDate: payments.valueDate,
          orderNo: loanOrders.orderNo,
          provider: payments.provider,
          reference: payments.reference,
          kind: payments.kind,
          amount: payments.amount,
          status: payments.status,
          postedBy: payments.postedBy,
          postedAt: payments.createdAt,
          reversedAt: payments.reversedAt,
          reversedBy: payments.reversedBy,
          reversalReason: payments.reversalReason,
          allocation: payments.allocation,
        })
        .from(payments)
        .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
        .where(
          and(gt(payments.id, after), gte(payments.businessDate, range.from), lte(payments.businessDate, range.to)),
        )
        .orderBy(asc(payments.id))
        .limit(size),
    size,
  );
}

/** Payouts (disbursals and refunds) requested on Manila days in the range, in every status. */
export function payoutBatches(db: Db, range: ExportRange, size = 1000) {
  return batches(
    (after) =>
      db
        .select({
          id: payouts.id,
          reference: payouts.reference,
          orderNo: loanOrders.orderNo,
          kind: payouts.kind,
          amount: payouts.amount,
          provider: payouts.provider,
          channel: payouts.channel,
          accountNo: payouts.accountNo,
          accountName: payouts.accountName,
          status: payouts.status,
          providerId: payouts.providerId,
          failureReason: payouts.failureReason,
          requestedBy: payouts.requestedBy,
          requestedAt: payouts.requestedAt,
          approvedBy: payouts.approvedBy,
          approvedAt: payouts.approvedAt,
          rejectedBy: payouts.rejectedBy,
          completedAt: payouts.completedAt,
        })
        .from(payouts)
        .innerJoin(loanOrders, eq(loanOrders.id, payouts.orderId))
        .where(
          and(
            gt(payouts.id, after),
            gte(manilaDay(payouts.requestedAt), range.from),
            lte(manilaDay(payouts.requestedAt), range.to),
          ),
        )
        .orderBy(asc(payouts.id))
        .limit(size),
    size,
  );
}

/** Journal lines booked on business dates in the range, each with its journal, account, side and cause. */
export function journalBatches(db: Db, range: ExportRange, size = 2000) {
  return batches(
    (after) =>
      db
        .select({
          id: ledgerEntries.id,
          businessDate: ledgerEntries.businessDate,
          valueDate: ledgerEntries.valueDate,
          journalId: ledgerEntries.journalId,
          orderNo: loanOrders.orderNo,
          paymentId: ledgerEntries.paymentId,
          account: ledgerEntries.account,
          debit: ledgerEntries.debit,
          credit: ledgerEntries.credit,
          memo: ledgerEntries.memo,
          cause: ledgerEntries.cause,
          bookedAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(loanOrders, eq(loanOrders.id, ledgerEntries.orderId))
        .where(
          and(
            gt(ledgerEntries.id, after),
            gte(ledgerEntries.businessDate, range.from),
            lte(ledgerEntries.businessDate, range.to),
          ),
        )
        .orderBy(asc(ledgerEntries.id))
        .limit(size),
    size,
  );
}
