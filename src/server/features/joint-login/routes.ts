import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../shared/contracts/joint-login';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { AppContext } from '../../app-context';
import { products } from '../../db/schema';
import { parseLoanProduct } from '../../domain/loan';
import { registerCall } from '../../http/register-call';
import { replyTexts } from '../../i18n/reply-texts';
import { loadProduct, configuredLenderLimits } from '../../money';
import { formatBps } from '../../../shared/format/percent';

/** spec 001 §2.11 joint login failure: the notice, the reason, and other products to apply for. */
export function jointLoginRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerCall(app, contract.failureInfo, async ({ productId }, { locale }) => {
    const tx = replyTexts(locale);
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
          buttonText: tx('joint.apply'),
          state: 1,
          amountRange: `${formatMoney(p.minAmount)} – ${formatMoney(p.maxAmount)}`,
          rangeDesc: tx('rec.rangeDesc'),
          rate: tx('joint.rate', { rate: formatBps(p.dailyInterestBps) }),
          description:
            p.periods > 1
              ? tx('joint.payments', { days: p.termDays, count: p.periods })
              : tx('joint.onePayment', { days: p.termDays }),
          tags: [
            tx(p.periods > 1 ? 'joint.tag.installments' : 'joint.tag.onePayment'),
            tx('joint.tag.days', { days: p.termDays }),
          ],
        },
      ];
    });
    return {
      noticeMessage: tx('joint.notice'),
      errMessage: tx('joint.reason'),
      list,
    };
  });

  registerCall(app, contract.productJump, async ({ productId }) => {
    await loadProduct(db, productId);
    return { link: href('loanConfirm', { productId }) };
  });
}
