import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import { loanCalculator } from '../../../shared/contracts/official-site';
import { formatMoney } from '../../../shared/format/money';
import type { AppContext } from '../../app-context';
import { products } from '../../db/schema';
import { atTerm, manilaDateOf, termErrors, termsOffered } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { type LoadedProduct, loadProduct, priceQuote } from '../../money';

/** The products a visitor may price: every one on offer that the engine accepts, in id order. */
async function productsOnOffer(db: AppContext['db']): Promise<LoadedProduct[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.enabled, true))
    .orderBy(asc(products.id));
  const loaded: LoadedProduct[] = [];
  for (const { id } of rows) {
    // A misconfigured product cannot lend, so the site does not offer it either.
    const one = await loadProduct(db, id).catch(() => null);
    if (one) loaded.push(one);
  }
  return loaded;
}

/**
 * The official site's calculator: priced by `priceQuote`, the confirm page's own pricing, for a
 * loan disbursed today, so the example is the disclosure a borrower would accept (no borrower
 * limit applies: a visitor has none yet, and the page says the first loan may be smaller).
 */
export function loanCalculatorRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  registerCall(app, loanCalculator, async ({ productId, amount, termDays }) => {
    const offered = await productsOnOffer(db);
    const chosen = productId === undefined ? offered[0] : offered.find((p) => p.id === productId);
    if (!chosen) throw new AppError(Code.NOT_FOUND, 'This loan product is not available', { field: 'productId' });
    const base = chosen.product;
    if (termDays !== undefined && termErrors(base, termDays).length > 0) {
      throw new AppError(Code.BAD_REQUEST, `Choose a term of ${termsOffered(base).join(' or ')} days`, {
        field: 'termDays',
      });
    }
    const product = atTerm(base, termDays ?? termsOffered(base)[0]);
    const principal = amount ?? product.minAmount;
    let quote: ReturnType<typeof priceQuote>['quote'];
    try {
      quote = priceQuote(product, principal, manilaDateOf(clock.now())).quote;
    } catch {
      throw new AppError(
        Code.BAD_REQUEST,
        `Choose an amount between ${formatMoney(product.minAmount)} and ${formatMoney(product.maxAmount)}, in steps of ${formatMoney(product.amountStep)}`,
        { field: 'amount' },
      );
    }
    const { disclosure, totals } = quote;
    return {
      products: offered.map((p) => ({
        productId: p.id,
        name: p.name,
        minAmount: p.product.minAmount,
        maxAmount: p.product.maxAmount,
        amountStep: p.product.amountStep,
        termOptions: [...termsOffered(p.product)],
        dailyInterestBps: p.product.dailyInterestBps,
        serviceFeeBps: p.product.serviceFeeBps,
      })),
      quote: {
        productId: chosen.id,
        amount: principal,
        termDays: product.termDays,
        netProceeds: quote.netProceeds,
        serviceFee: totals.fees,
        interest: totals.interest,
        totalRepayable: totals.totalRepayable,
        totalCost: disclosure.totalFinanceCharge,
        effectiveRate: {
          monthlyBps: disclosure.effectiveRate.monthlyBps,
          compoundedAnnualBps: disclosure.effectiveRate.compoundedAnnualBps,
        },
        schedule: disclosure.schedule.map((row) => ({ ...row })),
      },
    };
  });
}
