import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/joint-login';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { AppContext } from '../../app-context';
import { products } from '../../db/schema';
import { parseLoanProduct } from '../../domain/loan';
import { registerCall } from '../../http/register-call';
import { loadProduct, configuredLenderLimits } from '../../money';
import { formatBps } from '../../../shared/format/percent';

/** spec 001 §2.11 joint login failure: the notice, the reason, and other products to apply for. */
export function jointLoginRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.failureInfo, async ({ productId }) => {
    const rows = await db
      .select()
      .from(products)
      .where(productId ? and(eq(products.enabled, true), ne(products.id, productId)) : eq(products.enabled, true))
      .orderBy(asc(products.id));
    const list = rows.flatMap((row) => {
      const check = parseLoanProduct(row.terms, configuredLenderLimits());
      if (!check.ok) return [];
      const p = check.product;
      return [
        {
          productId: row.id,
          logo: row.logo,
          name: row.name,
          buttonText: 'Apply now',
          state: 1,
          amountRange: `${formatMoney(p.minAmount)} – ${formatMoney(p.maxAmount)}`,
          rangeDesc: 'Loan amount',
          rate: `${formatBps(p.dailyInterestBps)} a day`,
          description: `${p.termDays} days, ${p.periods} payment${p.periods > 1 ? 's' : ''}`,
          tags: [p.periods > 1 ? 'Installments' : 'One payment', `${p.termDays} days`],
        },
      ];
    });
    return {
      noticeMessage: 'We could not sign you in to this partner’s loan.',
      errMessage: 'The partner did not confirm your account. You can apply for one of these loans instead.',
      list,
    };
  });

  registerCall(app, contract.productJump, async ({ productId }) => {
    await loadProduct(db, productId);
    return { link: href('loanConfirm', { productId }) };
  });
}
