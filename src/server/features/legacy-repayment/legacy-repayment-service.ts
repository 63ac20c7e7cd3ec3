import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { CallPayload } from '../../../shared/api/define-call';
import type * as contract from '../../../shared/contracts/legacy-repayment';
import type { Db } from '../../db/client';
import { borrowers, legacyRepayRecords } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { OtpService } from '../auth/otp-service';
import { postPayment } from '../loan-order/payment-posting';
import type { Tx } from '../loan-order/order-store';
import { amountDueNow, cardsOf, ownCard, payoffOf, repayableOrder } from './order-access';
import { checkRepayToken, DUPLICATE_MESSAGE, issueRepayToken, spendRepayToken } from './repay-tokens';

/** A submitted repayment waits this long for its SMS code; after that it must be submitted again. */
export const RECORD_TTL_MINUTES = 30;
/** The provider name of legacy card repayments in the payments table. */
export const LEGACY_PROVIDER = 'legacy';

type RepayRecord = typeof legacyRepayRecords.$inferSelect;

/**
 * The one place a legacy repayment becomes money on the loan: the loan engine's exactly-once
 * posting, keyed by the record (one record is posted at most once, whatever retries happen).
 */
async function postLegacyRepayment(tx: Tx, record: RepayRecord): Promise<{ paymentId: number; orderStatus: number }> {
  const posted = await postPayment(
    tx,
    {
      orderId: record.orderId,
      provider: LEGACY_PROVIDER,
      reference: `LR${record.id}`,
      amount: record.amount,
      kind: 'repayment',
      postedBy: `borrower:${record.borrowerId}`,
    },
    manilaToday(),
  );
  await tx
    .update(legacyRepayRecords)
    .set({ status: 'posted', paymentId: posted.paymentId, postedAt: sql`now()` })
    .where(eq(legacyRepayRecords.id, record.id));
  return { paymentId: posted.paymentId, orderStatus: posted.orderStatus };
}

async function phoneOf(db: Db, borrowerId: number): Promise<string> {
  const borrower = await db.query.borrowers.findFirst({ where: eq(borrowers.id, borrowerId) });
  if (!borrower) throw new AppError(Code.SESSION_EXPIRED, 'Your session has ended. Please sign in again.');
  return borrower.phone;
}

/** The borrower's own record of the order, still waiting for its code and not too old. */
async function awaitingRecord(db: Db, borrowerId: number, orderId: number, recordId: number) {
  const [row] = await db
    .select({ record: legacyRepayRecords, stale: sql<boolean>`${legacyRepayRecords.createdAt} < now() - make_interval(mins => ${RECORD_TTL_MINUTES})` })
    .from(legacyRepayRecords)
    .where(
      and(
        eq(legacyRepayRecords.id, recordId),
        eq(legacyRepayRecords.borrowerId, borrowerId),
        eq(legacyRepayRecords.orderId, orderId),
      ),
    );
  if (!row) throw new AppError(Code.NOT_FOUND, 'The repayment was not found');
  if (row.record.status === 'posted') throw new AppError(Code.LEGACY_DUPLICATE, DUPLICATE_MESSAGE);
  if (row.stale) throw new AppError(Code.CONFLICT, 'This repayment request has expired. Please submit it again.');
  return row.record;
}

export function legacyRepaymentService(db: Db, otp: OtpService) {
  /** Sends the repayment code; a code sent in the last 60 s is still valid, so that is no failure. */
  async function sendCode(borrowerId: number, ip: string): Promise<number> {
    try {
      return (await otp.issue(await phoneOf(db, borrowerId), 'repay', ip)).resendAfterSeconds;
    } catch (err) {
      if (err instanceof AppError && err.code === Code.OTP_RESEND_TOO_SOON) {
        return (err.data as { resendAfterSeconds?: number } | null)?.resendAfterSeconds ?? 60;
      }
      throw err;
    }
  }

  return {
    /** spec 000 §7 repayment-way: the cards, alipay 0 and a new single-use token. */
    async way(borrowerId: number, orderId: number) {
      const order = await repayableOrder(db, borrowerId, orderId);
      const [bankCards, repayToken] = await Promise.all([
        cardsOf(db, borrowerId),
        issueRepayToken(db, borrowerId, order.id),
      ]);
      return { alipay: 0, repayToken, bankCards, amountDue: amountDueNow(order.loanState) };
    },

    /**
     * spec 000 §7 repayment-commit. Every check runs before the token is spent, so a refused
     * request changes nothing and can be corrected; then the token, the record and (without a
     * code) the posting are one transaction.
     */
    async commit(borrowerId: number, input: CallPayload<typeof contract.repaymentCommit>, ip: string) {
      const tokenId = await checkRepayToken(db, input.repayToken, borrowerId, input.orderId);
      const order = await repayableOrder(db, borrowerId, input.orderId);
      const card = await ownCard(db, borrowerId, input.cardId, input.cardNo);
      const payoff = payoffOf(order.loanState);
      if (input.amount > payoff) {
        throw new AppError(Code.BAD_REQUEST, `The amount is more than the ${formatMoney(payoff)} still owed`, {
          field: 'amount',
        });
      }
      const record = await db.transaction(async (tx) => {
        await spendRepayToken(tx, tokenId);
        const [created] = await tx
          .insert(legacyRepayRecords)
          .values({
            borrowerId,
            orderId: order.id,
            payoutAccountId: card.id,
            amount: input.amount,
            couponId: input.couponId || null,
            status: 'awaiting_code',
          })
          .returning();
        if (!created) throw new Error('repayment record not stored');
        if (input.sendMsg === 0) await postLegacyRepayment(tx, created);
        return created;
      });
      if (input.sendMsg === 1) await sendCode(borrowerId, ip);
      return { needValid: input.sendMsg, repayRecordId: record.id };
    },

    /** spec 000 §7 repayment-confirm: the SMS code, then the posting; 800006 on a wrong code. */
    async confirm(borrowerId: number, input: CallPayload<typeof contract.repaymentConfirm>) {
      await awaitingRecord(db, borrowerId, input.orderId, input.repaymentRecordId);
      try {
        await otp.verify(await phoneOf(db, borrowerId), 'repay', input.verifyCode);
      } catch (err) {
        if (err instanceof AppError && err.code === Code.OTP_WRONG) {
          throw new AppError(Code.LEGACY_WRONG_CODE, 'Verification code error');
        }
        throw err;
      }
      return db.transaction(async (tx) => {
        // The row lock queues confirmations of one record; only the first finds it still waiting.
        const [record] = await tx
          .select()
          .from(legacyRepayRecords)
          .where(eq(legacyRepayRecords.id, input.repaymentRecordId))
          .for('update');
        if (record?.status !== 'awaiting_code') {
          throw new AppError(Code.LEGACY_DUPLICATE, DUPLICATE_MESSAGE);
        }
        const { orderStatus } = await postLegacyRepayment(tx, record);
        return { repayRecordId: record.id, orderStatus };
      });
    },

    /** Ours: the screen's resend, for a record still waiting for its code. */
    async resendCode(borrowerId: number, input: CallPayload<typeof contract.repaymentResendCode>, ip: string) {
      await awaitingRecord(db, borrowerId, input.orderId, input.repaymentRecordId);
      return { resendAfterSeconds: (await otp.issue(await phoneOf(db, borrowerId), 'repay', ip)).resendAfterSeconds };
    },

    /**
     * spec 000 §7 repayment-huichao: the address of an online payment page. The original gateway
     * is gone; the app's own repayment page (pay codes, e-wallets, stores) takes its place.
     */
    async huichao(borrowerId: number, input: CallPayload<typeof contract.repaymentHuichao>) {
      if (input.userId !== String(borrowerId)) {
        throw new AppError(Code.FORBIDDEN, 'This repayment belongs to another account', { field: 'userId' });
      }
      const order = await repayableOrder(db, borrowerId, input.orderId);
      const payoff = payoffOf(order.loanState);
      if (input.amount > payoff) {
        throw new AppError(Code.BAD_REQUEST, `The amount is more than the ${formatMoney(payoff)} still owed`, {
          field: 'amount',
        });
      }
      return { url: href('repay', { productId: order.productId, orderId: order.id }) };
    },
  };
}
