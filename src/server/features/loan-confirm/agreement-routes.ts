import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contracts/loan-agreements';
import { manilaToday } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { AppContext } from '../../app-context';
import { borrowers, loanOrders } from '../../db/schema';
import { atTerm, type LoanQuote, quoteLoan, termErrors } from '../../domain/loan';
import { AppError, notFound } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { loadProduct, readAcceptedQuote, termRefusal } from '../../money';
import { agreementList, renderAgreement } from './agreements';

/** spec 001 §7 contract list, contract jump, and the documents they lead to. */
export function agreementRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  registerCall(app, contract.contractList, async ({ productId }, { locale }) => {
    await loadProduct(db, productId);
    return { list: agreementList(locale) };
  });

  registerCall(app, contract.contractJump, async ({ productId, position, orderId, amount, termDays }) => ({
    contract_url: href('loanAgreement', {
      productId,
      position,
      ...(orderId ? { orderId } : {}),
      ...(amount ? { amount } : {}),
      ...(termDays ? { termDays } : {}),
    }),
  }));

  registerCall(
    app,
    contract.agreementDocument,
    async ({ productId, position, orderId, amount, termDays }, { borrowerId, locale }) => {
      const { name, product } = await loadProduct(db, productId);
      if (orderId !== undefined) {
        // Only the borrower's own order; another's answers exactly like a missing one.
        const [row] = await db
          .select({ order: loanOrders, phone: borrowers.phone, fullName: borrowers.fullName })
          .from(loanOrders)
          .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
          .where(
            and(eq(loanOrders.id, orderId), eq(loanOrders.borrowerId, borrowerId), eq(loanOrders.productId, productId)),
          );
        if (!row?.order.quote) throw notFound('The order');
        const quote = readAcceptedQuote(row.order.quote, row.order);
        const order = {
          orderNo: row.order.orderNo,
          borrowerName: row.fullName,
          borrowerPhone: row.phone,
        };
        return {
          ...renderAgreement({ position, productName: name, product, quote, config, order, language: locale }),
          basis: 'order' as const,
        };
      }
      if (termDays !== undefined && termErrors(product, termDays).length > 0) throw termRefusal(product);
      let quote: LoanQuote;
      try {
        quote = quoteLoan(atTerm(product, termDays), amount ?? product.maxAmount, manilaToday());
      } catch {
        throw new AppError(
          Code.BAD_REQUEST,
          `Choose an amount between ${formatMoney(product.minAmount)} and ${formatMoney(product.maxAmount)}`,
          { field: 'amount' },
        );
      }
      return {
        ...renderAgreement({ position, productName: name, product, quote, config, language: locale }),
        basis: 'quote' as const,
      };
    },
  );
}
