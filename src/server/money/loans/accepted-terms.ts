import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import stringify from 'safe-stable-stringify';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { loanDisclosures } from '../../db/schema';
import { type IsoDate, type LoanProduct, type LoanQuote, type LoanTerms, quoteLoan } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { loadProduct, productForOrder } from './product-store';
import type { Order, Tx } from './order-store';

/**
 * The accepted quote is the contract. A borrower accepts a disclosure (a priced quote); the
 * digest of its amount and terms names that contract. Dates are left out of the digest on
 * purpose: a loan disbursed days after the application is the same contract with its schedule
 * counted from the disbursal date, and rebasing never changes an amount.
 */
export function termsDigest(amount: number, terms: LoanTerms): string {
  return createHash('sha256')
    .update(stringify({ amount, terms }) ?? '')
    .digest('hex')
    .slice(0, 32);
}

export interface PricedQuote {
  quote: LoanQuote;
  digest: string;
}

/** A quote and the digest that names its contract: how every quote shown, accepted or disbursed is priced. */
export function priceQuote(product: LoanProduct, amount: number, date: IsoDate): PricedQuote {
  const quote = quoteLoan(product, amount, date);
  return { quote, digest: termsDigest(amount, quote.terms) };
}

/** What the product would lend `amount` at, for a loan disbursed on `date`. */
export async function priceToday(
  db: Db | Tx,
  order: Pick<Order, 'productId' | 'amount' | 'termDays'>,
  date: IsoDate,
): Promise<PricedQuote> {
  const { product } = await loadProduct(db, order.productId);
  return priceQuote(productForOrder(product, order.termDays), order.amount, date);
}

export type DisclosureKind = 'origination' | 'renewal';
export type AcceptedDisclosure = typeof loanDisclosures.$inferSelect;

/** Records an acceptance. Rows are append-only: the database refuses to change or delete one. */
export async function recordAcceptance(
  tx: Db | Tx,
  order: Pick<Order, 'id' | 'borrowerId'>,
  kind: DisclosureKind,
  /** A priced loan quote, or for a renewal the renewal's own terms (fee, interest, new schedule). */
  priced: PricedQuote | { quote: Readonly<Record<string, unknown>>; digest: string },
): Promise<AcceptedDisclosure> {
  const [row] = await tx
    .insert(loanDisclosures)
    .values({
      orderId: order.id,
      borrowerId: order.borrowerId,
      kind,
      termsDigest: priced.digest,
      quote: priced.quote as unknown as Record<string, unknown>,
    })
    .returning();
  if (!row) throw new Error('disclosure not recorded');
  return row;
}

/** Every disclosure accepted for an order, oldest first. */
export async function acceptedDisclosures(db: Db | Tx, orderId: number): Promise<AcceptedDisclosure[]> {
  return db.select().from(loanDisclosures).where(eq(loanDisclosures.orderId, orderId)).orderBy(loanDisclosures.id);
}

/** The newest origination acceptance: the contract the order is disbursed on. */
export async function contractOf(db: Db | Tx, orderId: number): Promise<AcceptedDisclosure | undefined> {
  const [row] = await db
    .select()
    .from(loanDisclosures)
    .where(and(eq(loanDisclosures.orderId, orderId), eq(loanDisclosures.kind, 'origination')))
    .orderBy(desc(loanDisclosures.id))
    .limit(1);
  return row;
}

/**
 * Whether an order not yet disbursed still prices as the borrower accepted. When the product
 * changed in between, `fresh` is the disclosure the borrower must accept before disbursal.
 */
export async function termsReviewOf(
  db: Db | Tx,
  order: Order,
  date: IsoDate,
): Promise<
  | { changed: false; priced: PricedQuote }
  | { changed: true; priced: PricedQuote; accepted: AcceptedDisclosure | undefined }
> {
  const priced = await priceToday(db, order, date);
  const accepted = await contractOf(db, order.id);
  if (accepted && accepted.termsDigest === priced.digest) return { changed: false, priced };
  return { changed: true, priced, accepted };
}

/** The refusal a disbursal meets when the borrower has not accepted the terms it would lend on. */
export function termsChanged(orderNo: string): AppError {
  return new AppError(
    Code.TERMS_CHANGED,
    `The terms of ${orderNo} changed after the borrower accepted them; the borrower must accept the new disclosure before disbursal`,
  );
}
