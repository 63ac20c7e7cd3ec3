import { and, eq } from 'drizzle-orm';
import type { ProductPresentation } from '../../../shared/contracts/loan-confirm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import {
  atTerm,
  DEFAULT_LENDER_LIMITS,
  type LenderLimits,
  type LoanProduct,
  parseLoanProduct,
  termsOffered,
} from '../../domain/loan';
import { AppError } from '../../http/app-error';
import type { Tx } from './order-store';

export interface LoadedProduct {
  id: number;
  name: string;
  logo: string;
  product: LoanProduct;
  presentation: ProductPresentation;
  /** How many open applications or loans a borrower may hold when applying for it. */
  openLoansAllowed: number;
  /** A first loan's most (null: the maximum from the start), and its growth per loan repaid on time. */
  firstLoanMax: number | null;
  limitStep: number;
}

/**
 * The lender's limits for loans outside the circulars, from configuration. The server sets them
 * once as it starts (`setLenderLimits`); until then, and in services run without a server (the
 * seed, scripts), the engine's conservative defaults apply. A running loan never reads them: its
 * limits were frozen into its terms when it was priced.
 */
let lenderLimits: LenderLimits = DEFAULT_LENDER_LIMITS;
export function setLenderLimits(limits: LenderLimits): void {
  lenderLimits = limits;
}
export const configuredLenderLimits = (): LenderLimits => lenderLimits;

/** A product's terms, validated by the engine within the lender's limits; a product that fails cannot lend. */
export async function loadProduct(db: Db | Tx, productId: number): Promise<LoadedProduct> {
  const row = await db.query.products.findFirst({ where: and(eq(products.id, productId), eq(products.enabled, true)) });
  if (!row) throw new AppError(Code.NOT_FOUND, 'This loan product is not available');
  const check = parseLoanProduct(row.terms, lenderLimits);
  if (!check.ok) throw new AppError(Code.CONFLICT, `This loan product is misconfigured: ${check.errors.join('; ')}`);
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    product: check.product,
    presentation: row.presentation,
    openLoansAllowed: row.openLoansAllowed,
    firstLoanMax: row.firstLoanMax,
    limitStep: row.limitStep,
  };
}

/**
 * The product as it prices an order of `termDays`. A term the product no longer offers prices at
 * the product's own term: the digest then differs from the accepted one, so the loan is not
 * disbursed until the borrower accepts the new terms.
 */
export function productForOrder(product: LoanProduct, termDays: number): LoanProduct {
  return termsOffered(product).includes(termDays) ? atTerm(product, termDays) : atTerm(product);
}

/** The borrower's words for a term the product does not offer. */
export function termRefusal(product: LoanProduct): AppError {
  const offered = termsOffered(product);
  const list = offered.length > 1 ? `${offered.slice(0, -1).join(', ')} or ${offered.at(-1)}` : String(offered[0]);
  return new AppError(Code.BAD_REQUEST, `Choose a term of ${list} days`, { field: 'termDays' });
}
