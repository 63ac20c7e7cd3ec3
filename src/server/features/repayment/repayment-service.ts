import type { ReplyLocale } from '../../i18n/reply-locale';
import { replyTexts } from '../../i18n/reply-texts';
import { randomInt } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { channelByNumber, type PaymentChannel } from '../../../shared/payment-channels';
import { outsideChannelLimit } from '../../../shared/payment-channel-limits';
import type { Db } from '../../db/client';
import { payRequests, products } from '../../db/schema';
import { balancesOf, firstUnpaidIndex, type IsoDate, type LoanState, quotePrepayment } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import {
  amountDueNow,
  payoffOf,
  repayableOrder,
  stateOn,
  extensionOffer,
  wrongDelayAmount,
  type StoredQuote,
  validThroughOf,
} from '../../money';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import { asListItem, channelsOf, payNotices } from './channels';

const money = (centavos: number) => formatMoney(centavos);

/** Advisory-lock namespace of pay requests (the second key is the order). */
const PAY_REQUEST_LOCK = 7_301_992;
/** The same payment asked for again within this long is the same pay request (a double tap, a back button). */
const REUSE_MINUTES = 30;
/**
 * A pending request is not handed out this close to the provider's expiry: the borrower needs
 * time to open the checkout (or reach the counter) and pay.
 */
export const EXPIRY_MARGIN_MS = 2 * 60_000;

/** The borrower's message for an amount a channel cannot take in one payment (checked before the provider is asked). */
function outsideLimit(channel: PaymentChannel, amount: number): AppError | null {
  const outside = outsideChannelLimit(channel.code, amount);
  if (!outside) return null;
  const text =
    outside.side === 'below'
      ? `${channel.name} takes payments of at least ${money(outside.limit.min)}. Please choose another payment method.`
      : `${channel.name} takes payments of up to ${money(outside.limit.max)}. Please pay a smaller amount or choose another payment method.`;
  return new AppError(Code.BAD_REQUEST, text, { field: 'channelNumber' });
}
/** Pay requests one borrower may start in an hour: enough for every honest retry, not for a flood. */
export const PAY_REQUESTS_PER_HOUR = 20;

async function productOf(db: Db, productId: number) {
  const product = await db.query.products.findFirst({ where: eq(products.id, productId) });
  if (!product) throw new AppError(Code.NOT_FOUND, 'The product was not found');
  return product;
}

/** The order, checked against the productId the page sent (when it sent one). */
async function ownOrder(db: Db, borrowerId: number, orderId: number, productId?: number) {
  const order = await repayableOrder(db, borrowerId, orderId);
  if (productId !== undefined && productId !== order.productId)
    throw new AppError(Code.NOT_FOUND, 'The order was not found');
  return order;
}

function detailRows(state: LoanState, orderNo: string, locale: ReplyLocale) {
  const tx = replyTexts(locale);
  const b = balancesOf(state);
  const rows = [
    { text: tx('order.contractNo'), value: orderNo },
    { text: tx('repay.principal'), value: money(b.principal) },
    { text: tx('repay.interest'), value: money(b.interest) },
  ];
  if (b.fees > 0) rows.push({ text: tx('repay.fees'), value: money(b.fees) });
  if (b.penalties > 0) rows.push({ text: tx('repay.penalties'), value: money(b.penalties) });
  rows.push({ text: tx('repay.totalToSettle'), value: money(payoffOf(state)) });
  return rows;
}

function dueDateOf(state: LoanState): IsoDate {
  const row = state.installments[Math.max(0, firstUnpaidIndex(state))];
  return row?.dueDate ?? state.disbursalDate;
}

export function repaymentService(db: Db, provider: PaymentProvider, now: () => Date = () => new Date()) {
  /** Whether a pending request may be handed out again: before its expiry (with a margin) and still open at the provider. */
  async function stillOpen(request: { reference: string; requestId: string | null; expiresAt: Date | null }) {
    if (request.expiresAt && request.expiresAt.getTime() - EXPIRY_MARGIN_MS <= now().getTime()) return false;
    if (!provider.standing) return true;
    // A provider that cannot answer now: the request is not handed out blind, a new one is made.
    return (
      (await provider
        .standing({ reference: request.reference, requestId: request.requestId })
        .catch(() => 'closed')) === 'open'
    );
  }
  return {
    /** spec 001 §2.8, §3 repayment info. */
    async installmentDetail(
      borrowerId: number,
      input: { orderId: number; productId?: number },
      today: IsoDate,
      locale: ReplyLocale = 'en',
    ) {
      const tx = replyTexts(locale);
      const order = await ownOrder(db, borrowerId, input.orderId, input.productId);
      const state = stateOn(order, today);
      const product = await productOf(db, order.productId);
      const channels = await channelsOf(db, order.productId);
      const overdue = state.late.defaultCharged || balancesOf(state).penalties > 0;
      const prepay = quotePrepayment(state, today);
      const dueNow = amountDueNow(state);
      const repayAmount = prepay.allowed ? Math.min(dueNow, prepay.payoff) : dueNow;
      return {
        orderId: order.id,
        productId: order.productId,
        orderNo: order.orderNo,
        // Early payoff from the first day: when settling the loan today costs less than the amount
        // due (the whole loan falls due), the amount to pay today is what settles it.
        repayAmount,
        repayDate: dueDateOf(state),
        // When that is less than what falls due on the repayment date, the page says both: a
        // borrower must not read today's payoff as what the date asks for.
        ...(dueNow > repayAmount ? { amountOnDueDate: dueNow } : {}),
        productName: product.name,
        productLogo: product.logo,
        noticeMsg: overdue ? tx('repay.overdueNotice') : tx('repay.onTimeNotice'),
        detail: detailRows(state, order.orderNo, locale),
        repayList: channels.map(asListItem),
        defDetail: {
          payCode: order.orderNo,
          logo: product.logo,
          title: tx('repay.payWithContract'),
          payNotice: payNotices(channels, order.orderNo, locale),
        },
        isShowReyTop: 1 as const,
        // spec 001 §9: once prepayment is open (until maturity), paying this settles the loan today
        // with the unearned interest rebated.
        ...(prepay.allowed ? { payoff: { amount: prepay.payoff, rebate: prepay.rebate, asOf: today } } : {}),
        // During a product's lock-in: what paying in full now costs, and from when it would not.
        ...(!prepay.allowed && prepay.reason === 'too-early'
          ? {
              lockIn: {
                until: prepay.lockIn.opensOn,
                payAll: prepay.lockIn.payAll,
                unearnedInterest: prepay.lockIn.unearnedInterest,
              },
            }
          : {}),
      };
    },

    /**
     * spec 001 §2.9: the extension offer, only while the loan is due or overdue: the delay amount,
     * the real next installment after it, and the renewal's terms shown before paying.
     */
    async delayDetail(
      borrowerId: number,
      input: { orderId: number; productId?: number },
      today: IsoDate,
      locale: ReplyLocale = 'en',
    ) {
      const tx = replyTexts(locale);
      const order = await ownOrder(db, borrowerId, input.orderId, input.productId);
      const offer = extensionOffer(stateOn(order, today), today);
      const product = await productOf(db, order.productId);
      const channels = await channelsOf(db, order.productId);
      const repayPlan = [
        { remark: tx('repay.extendNow'), title: tx('repay.extensionPayment'), amount: offer.delayAmount, time: today },
        {
          remark: tx('repay.dueAfter', { days: offer.periodDays }),
          title: tx('repay.nextInstallment'),
          amount: offer.nextInstallment,
          time: offer.nextDueDate,
        },
      ];
      return {
        orderId: order.id,
        productId: order.productId,
        orderNo: order.orderNo,
        productName: product.name,
        productLogo: product.logo,
        delayInfo: { title: tx('repay.extendBy', { days: offer.periodDays }), delayAmount: offer.delayAmount },
        nextPaymentDate: offer.nextDueDate,
        repayPlan,
        repayList: channels.map(asListItem),
        defDetail: {
          payCode: order.orderNo,
          logo: product.logo,
          title: tx('repay.payWithContract'),
          payNotice: payNotices(channels, order.orderNo, locale),
        },
        renewal: {
          validThrough: offer.validThrough,
          interestDue: offer.interestDue,
          penaltiesDue: offer.penaltiesDue,
          feesDue: offer.feesDue,
          extensionFee: offer.extensionFee,
          extensionInterest: offer.extensionInterest,
          schedule: offer.schedule.map((row) => ({ dueDate: row.dueDate, amount: row.amount })),
        },
      };
    },

    /** spec 001 §7 pay request: checks the channel and the amount, registers the payment, answers where to pay. */
    async payRequest(
      borrowerId: number,
      input: { orderId: number; productId?: number; amount: number; channelNumber: number; isDelay: 0 | 1 },
      today: IsoDate,
    ) {
      const order = await ownOrder(db, borrowerId, input.orderId, input.productId);
      const offered = await channelsOf(db, order.productId);
      const channel = channelByNumber(input.channelNumber);
      if (!channel || !offered.some((c) => c.channelNumber === channel.channelNumber)) {
        throw new AppError(Code.BAD_REQUEST, 'Choose one of the payment methods shown', { field: 'channelNumber' });
      }
      // The quote is stored with the request: a confirmation paid within its window posts at this price.
      let quote: StoredQuote | null = null;
      if (input.isDelay === 1) {
        const offer = extensionOffer(stateOn(order, today), today);
        if (input.amount !== offer.delayAmount) throw wrongDelayAmount(offer);
        quote = { kind: 'extension', ...offer };
      } else {
        const state = stateOn(order, today);
        const payoff = payoffOf(state);
        if (input.amount > payoff) {
          throw new AppError(Code.BAD_REQUEST, `The most you can pay is ${money(payoff)}`, { field: 'amount' });
        }
        // Paying exactly the payoff shown settles the loan at that figure within the quote's window.
        const prepay = quotePrepayment(state, today);
        if (prepay.allowed && input.amount === prepay.payoff) {
          quote = {
            kind: 'payoff',
            payoff: prepay.payoff,
            rebate: prepay.rebate,
            quotedOn: today,
            validThrough: validThroughOf(today),
          };
        }
      }
      const refused = outsideLimit(channel, input.amount);
      if (refused) throw refused;
      const kind = input.isDelay === 1 ? 'extension' : 'repayment';
      // The request is stored (or a recent one found) under the lock, and the provider is asked
      // only after that commits: a slow provider never holds the lock or a database connection.
      // Asking again under the same reference is safe (it is the provider's idempotency key), so a
      // request whose provider call failed is simply asked again by the next tap.
      // A pending request found is handed out again only while the provider still takes it (its
      // expiry not passed, its status still open); otherwise it is left out, cancelled where the
      // provider allows, and the next round makes a new one.
      const stale: number[] = [];
      const findOrMake = () =>
        db.transaction(async (tx) => {
          // One borrower's taps on one order queue here, so a double tap cannot make two requests.
          await tx.execute(sql`select pg_advisory_xact_lock(${PAY_REQUEST_LOCK}::int, ${order.id}::int)`);
          const [recent] = await tx
            .select()
            .from(payRequests)
            .where(
              and(
                eq(payRequests.orderId, order.id),
                eq(payRequests.channelNumber, channel.channelNumber),
                eq(payRequests.kind, kind),
                eq(payRequests.amount, input.amount),
                eq(payRequests.status, 'pending'),
                sql`${payRequests.createdAt} > now() - make_interval(mins => ${REUSE_MINUTES})`,
                ...(stale.length ? [notInArray(payRequests.id, stale)] : []),
              ),
            )
            .orderBy(desc(payRequests.id))
            .limit(1);
          if (recent)
            return {
              id: recent.id,
              reference: recent.reference,
              amount: recent.amount,
              payCode: recent.payCode,
              requestId: recent.providerRequestId,
              expiresAt: recent.providerExpiresAt,
              reused: true,
            };
          const [made] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(payRequests)
            .where(
              and(eq(payRequests.borrowerId, borrowerId), sql`${payRequests.createdAt} > now() - interval '1 hour'`),
            );
          if (Number(made?.n ?? 0) >= PAY_REQUESTS_PER_HOUR) {
            throw new AppError(
              Code.RATE_LIMITED,
              'Too many payment attempts. Please finish the one you started or try again later.',
            );
          }
          const reference = `${randomInt(10_000_000, 99_999_999)}${randomInt(100_000, 999_999)}`;
          const [row] = await tx
            .insert(payRequests)
            .values({
              provider: provider.name,
              reference,
              orderId: order.id,
              borrowerId,
              channelNumber: channel.channelNumber,
              kind,
              amount: input.amount,
              // Empty until the provider answers (below).
              payCode: '',
              quote: quote ? { ...quote } : null,
            })
            .returning({ id: payRequests.id });
          if (!row) throw new Error('pay request not stored');
          return {
            id: row.id,
            reference,
            amount: input.amount,
            payCode: '',
            requestId: null,
            expiresAt: null,
            reused: false,
          };
        });
      let request = await findOrMake();
      for (let round = 0; request.reused && round < 3; round += 1) {
        if (await stillOpen(request)) break;
        stale.push(request.id);
        await provider.cancel?.({ reference: request.reference, requestId: request.requestId }).catch(() => false);
        request = await findOrMake();
      }
      const created = await provider.create({
        reference: request.reference,
        amount: request.amount,
        channel,
        orderNo: order.orderNo,
        borrowerId,
      });
      if (
        created.payCode !== request.payCode ||
        (created.requestId ?? null) !== request.requestId ||
        !request.expiresAt
      )
        await db
          .update(payRequests)
          .set({
            payCode: created.payCode,
            providerRequestId: created.requestId ?? null,
            providerExpiresAt: created.expiresAt ? new Date(created.expiresAt) : null,
          })
          .where(eq(payRequests.id, request.id));
      return { payUrl: created.payUrl, reference: request.reference };
    },
  };
}
