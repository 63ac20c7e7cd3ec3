import { type AcceptLanguage, codeLanguage } from '../../identity/code-language';
import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { CallPayload } from '../../../shared/api/define-call';
import type * as contract from '../../../shared/contracts/legacy-repayment';
import type { Db } from '../../db/client';
import { borrowers, legacyRepayRecords, payoutAccounts, payRequests } from '../../db/schema';
import type { IsoDate } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { enforce, type RateClock } from '../../abuse/rate-limiter';
import type { OtpService } from '../../identity/otp-service';
import { stateOn } from '../../money';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import { amountDueNow, cardsOf, ownCard, payoffOf, repayableOrder } from './order-access';
import { checkRepayToken, DUPLICATE_MESSAGE, issueRepayToken, repayTokenRules, spendRepayToken } from './repay-tokens';

/** A submitted repayment waits this long for its SMS code; after that it must be submitted again. */
export const RECORD_TTL_MINUTES = 30;
/** The channel number a legacy card debit's pay request is filed under (no borrower-facing channel). */
export const LEGACY_DEBIT_CHANNEL = 0;

type RepayRecord = typeof legacyRepayRecords.$inferSelect;
type Account = typeof payoutAccounts.$inferSelect;

/** The pay request a legacy repayment's debit is known by at the provider. */
export const debitReference = (record: { id: number }) => `LR${String(record.id).padStart(10, '0')}`;

/**
 * Asks the payment provider to charge the chosen account. Nothing is posted here: the loan
 * changes only when the provider's callback confirms the charge (a declined one changes nothing).
 */
async function charge(
  db: Db,
  provider: PaymentProvider,
  record: RepayRecord,
  account: Account,
  orderNo: string,
): Promise<void> {
  const reference = debitReference(record);
  await db
    .insert(payRequests)
    .values({
      provider: provider.name,
      reference,
      orderId: record.orderId,
      borrowerId: record.borrowerId,
      channelNumber: LEGACY_DEBIT_CHANNEL,
      kind: 'repayment',
      amount: record.amount,
      payCode: reference,
    })
    .onConflictDoNothing();
  await db.update(legacyRepayRecords).set({ status: 'charging' }).where(eq(legacyRepayRecords.id, record.id));
  const answer = await provider.debit({
    reference,
    amount: record.amount,
    account: { kind: String(account.channelNumber), accountNo: account.accountNo, holderName: account.accountName },
    orderNo,
  });
  if (!answer.accepted) {
    await db.update(legacyRepayRecords).set({ status: 'failed' }).where(eq(legacyRepayRecords.id, record.id));
    throw new AppError(Code.UNAVAILABLE, answer.reason);
  }
}

/**
 * Whether the SMS code is asked: always, unless the provider confirmed a charge of this account
 * for this borrower since the account was last saved (a known account; an account edited to
 * another number is new again). The page's own wish (`sendMsg`) is not consulted.
 */
async function needsCode(db: Db, borrowerId: number, accountId: number): Promise<0 | 1> {
  const [known] = await db
    .select({ id: legacyRepayRecords.id })
    .from(legacyRepayRecords)
    .innerJoin(payRequests, sql`${payRequests.reference} = 'LR' || lpad(${legacyRepayRecords.id}::text, 10, '0')`)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, legacyRepayRecords.payoutAccountId))
    .where(
      and(
        eq(legacyRepayRecords.borrowerId, borrowerId),
        eq(legacyRepayRecords.payoutAccountId, accountId),
        eq(payRequests.status, 'paid'),
        sql`${payRequests.settledAt} > ${payoutAccounts.createdAt}`,
      ),
    )
    .limit(1);
  return known ? 0 : 1;
}

async function phoneOf(db: Db, borrowerId: number): Promise<string> {
  const borrower = await db.query.borrowers.findFirst({ where: eq(borrowers.id, borrowerId) });
  if (!borrower) throw new AppError(Code.SESSION_EXPIRED, 'Your session has ended. Please sign in again.');
  return borrower.phone;
}

/** The borrower's own record of the order, still waiting for its code and not too old. */
async function awaitingRecord(db: Db, borrowerId: number, orderId: number, recordId: number) {
  const [row] = await db
    .select({
      record: legacyRepayRecords,
      stale: sql<boolean>`${legacyRepayRecords.createdAt} < now() - make_interval(mins => ${RECORD_TTL_MINUTES})`,
    })
    .from(legacyRepayRecords)
    .where(
      and(
        eq(legacyRepayRecords.id, recordId),
        eq(legacyRepayRecords.borrowerId, borrowerId),
        eq(legacyRepayRecords.orderId, orderId),
      ),
    );
  if (!row) throw new AppError(Code.NOT_FOUND, 'The repayment was not found');
  if (row.record.status !== 'awaiting_code') throw new AppError(Code.LEGACY_DUPLICATE, DUPLICATE_MESSAGE);
  if (row.stale) throw new AppError(Code.CONFLICT, 'This repayment request has expired. Please submit it again.');
  return row.record;
}

export function legacyRepaymentService(
  db: Db,
  otp: OtpService,
  provider: PaymentProvider,
  today: () => IsoDate,
  rateClock?: RateClock,
) {
  /** Sends the repayment code; a code sent in the last 60 s is still valid, so that is no failure. */
  async function sendCode(borrowerId: number, ip: string, acceptLanguage: AcceptLanguage): Promise<number> {
    const phone = await phoneOf(db, borrowerId);
    try {
      return (await otp.issue(phone, 'repay', ip, await codeLanguage(db, phone, acceptLanguage))).resendAfterSeconds;
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
      // Each opening stores a token: a per-borrower cap, counted in one statement, bounds the rows.
      await enforce(db, repayTokenRules(borrowerId), rateClock);
      const [bankCards, repayToken] = await Promise.all([
        cardsOf(db, borrowerId),
        issueRepayToken(db, borrowerId, order.id),
      ]);
      return { alipay: 0, repayToken, bankCards, amountDue: amountDueNow(stateOn(order, today())) };
    },

    /**
     * spec 000 §7 repayment-commit. Every check runs before the token is spent, so a refused
     * request changes nothing and can be corrected. The server decides the amount (what is due
     * now) and whether an SMS code is needed; then the token and the record are one
     * transaction, and (without a code) the provider is asked to charge the account.
     */
    async commit(
      borrowerId: number,
      input: CallPayload<typeof contract.repaymentCommit>,
      ip: string,
      acceptLanguage?: AcceptLanguage,
    ) {
      const tokenId = await checkRepayToken(db, input.repayToken, borrowerId, input.orderId);
      const order = await repayableOrder(db, borrowerId, input.orderId);
      const card = await ownCard(db, borrowerId, input.cardId, input.cardNo);
      const due = amountDueNow(stateOn(order, today()));
      if (input.amount !== due) {
        throw new AppError(Code.BAD_REQUEST, `The amount due now is ${formatMoney(due)}; please refresh the page`, {
          field: 'amount',
        });
      }
      const needValid = await needsCode(db, borrowerId, card.id);
      const record = await db.transaction(async (tx) => {
        await spendRepayToken(tx, tokenId);
        const [created] = await tx
          .insert(legacyRepayRecords)
          .values({
            borrowerId,
            orderId: order.id,
            payoutAccountId: card.id,
            amount: due,
            couponId: input.couponId || null,
            status: 'awaiting_code',
          })
          .returning();
        if (!created) throw new Error('repayment record not stored');
        return created;
      });
      if (needValid === 1) await sendCode(borrowerId, ip, acceptLanguage);
      else await charge(db, provider, record, card, order.orderNo);
      return { needValid, repayRecordId: record.id };
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
      const record = await db.transaction(async (tx) => {
        // The row lock queues confirmations of one record; only the first finds it still waiting.
        const [row] = await tx
          .select()
          .from(legacyRepayRecords)
          .where(eq(legacyRepayRecords.id, input.repaymentRecordId))
          .for('update');
        if (row?.status !== 'awaiting_code') throw new AppError(Code.LEGACY_DUPLICATE, DUPLICATE_MESSAGE);
        await tx.update(legacyRepayRecords).set({ status: 'charging' }).where(eq(legacyRepayRecords.id, row.id));
        return row;
      });
      const account = await db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.id, record.payoutAccountId) });
      const order = await repayableOrder(db, borrowerId, record.orderId);
      if (!account) throw new AppError(Code.NOT_FOUND, 'Please choose one of your own bank cards', { field: 'cardId' });
      await charge(db, provider, record, account, order.orderNo);
      return { repayRecordId: record.id, orderStatus: order.status };
    },

    /** Ours: the screen's resend, for a record still waiting for its code. */
    async resendCode(
      borrowerId: number,
      input: CallPayload<typeof contract.repaymentResendCode>,
      ip: string,
      acceptLanguage?: AcceptLanguage,
    ) {
      await awaitingRecord(db, borrowerId, input.orderId, input.repaymentRecordId);
      const phone = await phoneOf(db, borrowerId);
      const language = await codeLanguage(db, phone, acceptLanguage);
      return { resendAfterSeconds: (await otp.issue(phone, 'repay', ip, language)).resendAfterSeconds };
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
