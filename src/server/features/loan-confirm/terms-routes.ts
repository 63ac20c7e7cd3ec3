import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contracts/loan-terms';
import type { AppContext } from '../../app-context';
import { products } from '../../db/schema';
import { coveringRegime, regimeOn } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { loadProduct } from '../../money';

/** spec 001 §2.4, §9: the terms page's figures come from the product, so the page and the engine agree. */
export function loanTermsRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  const lender = config.LENDER_NAME;
  registerCall(app, contract.loanTerms, async ({ productId }) => {
    const first =
      productId ??
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.enabled, true))
          .orderBy(asc(products.id))
          .limit(1)
      )[0]?.id;
    if (!first) throw new AppError(Code.NOT_FOUND, 'No loan product is on offer');
    const { name, product: p } = await loadProduct(db, first);
    const tiers = p.penaltyTiers.map((tier, i) => {
      const next = p.penaltyTiers[i + 1];
      return { fromDay: tier.fromDay, toDay: next ? next.fromDay - 1 : null, monthlyBps: tier.monthlyBps };
    });
    // The ceilings of a loan taken today. They apply when some amount of the product is covered,
    // that is its smallest loan; whether a term is covered depends on the day (four calendar months).
    const today = clock.today();
    const regime = regimeOn(today);
    return {
      productName: name,
      lender,
      minAmount: p.minAmount,
      maxAmount: p.maxAmount,
      termDays: p.termDays,
      periods: p.periods,
      dailyInterestBps: p.dailyInterestBps,
      serviceFeeBps: p.serviceFeeBps,
      extensionFeeBps: p.extensionFeeBps,
      extensionAllowed: p.extensionAllowed,
      defaultChargeNew: p.defaultChargeNew,
      defaultChargeRepeat: p.defaultChargeRepeat,
      penaltyTiers: tiers,
      prepayment: {
        minDaysAfterDisbursal: p.prepayment.minDaysAfterDisbursal,
        minTermSharePercent: p.prepayment.minTermShareBps / 100,
      },
      bsp1133: {
        applies: coveringRegime(p.minAmount, today, p.termDays) !== null,
        source: regime.source,
        nominalMonthlyPercent: (regime.nominalDailyBps * 30) / 100,
        effectiveMonthlyPercent: regime.effectiveMonthlyBps / 100,
        lateMonthlyPercent: regime.lateMonthlyBps / 100,
        totalCostPercent: regime.totalCostShareBps / 100,
      },
    };
  });
}
