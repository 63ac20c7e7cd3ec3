import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contracts/loan-confirm';
import { formatMoney } from '../../../shared/format/money';
import { href } from '../../../shared/pages';
import type { AppContext } from '../../app-context';
import { tellReference } from '../../privacy/reference-notice';
import { atTerm, manilaDateOf, termErrors, termsOffered } from '../../domain/loan';
import { AppError } from '../../http/app-error';
import { replyTexts } from '../../i18n/reply-texts';
import { registerCall } from '../../http/register-call';
import { missingParts, requireCompleteApplication } from '../../applications/answers-service';
import {
  type PricedQuote,
  priceQuote,
  borrowerLimit,
  limitRefusal,
  loadProduct,
  submitApplication,
  termRefusal,
} from '../../money';
import { dailyRateText, disclosureRows, planRows, summaryRows } from './quote-rows';
import { agreementList } from './agreements';
import { presentationIn } from './presentation-language';

/** spec 001 §2.10, §7: the loan confirm detail (from the engine's quote) and the loan push. */
export function loanConfirmRoutes(app: FastifyInstance, { db, clock, sms, config }: AppContext): void {
  registerCall(app, contract.confirmDetail, async ({ productId, amount, termDays }, { locale, borrowerId }) => {
    const tx = replyTexts(locale);
    const loaded = await loadProduct(db, productId);
    const { name, logo } = loaded;
    if (termDays !== undefined && termErrors(loaded.product, termDays).length > 0) throw termRefusal(loaded.product);
    const product = atTerm(loaded.product, termDays);
    const presentation = presentationIn(loaded.presentation, locale);
    // The borrower's own limit: a first loan starts small and grows with loans repaid on time.
    const limit = await borrowerLimit(db, borrowerId, product, loaded);
    const principal = amount ?? limit;
    if (principal > limit && principal <= product.maxAmount) throw limitRefusal(name, limit);
    let priced: PricedQuote;
    try {
      priced = priceQuote(product, principal, manilaDateOf(clock.now()));
    } catch {
      throw new AppError(
        Code.BAD_REQUEST,
        `Choose an amount between ${formatMoney(product.minAmount)} and ${formatMoney(product.maxAmount)}`,
        { field: 'amount' },
      );
    }
    const { quote } = priced;
    return {
      productId,
      comProductLogo: logo,
      comProductName: name,
      amount: principal,
      periods: product.periods,
      termUnit: 1,
      termDays: product.termDays,
      termOptions: [...termsOffered(product)],
      details: summaryRows(quote, tx),
      repay_plans: planRows(quote, tx),
      firstPayTime: quote.firstPayTime,
      firstPeriodDay: quote.firstPeriodDay,
      pRateDsc: dailyRateText(quote, tx),
      disclosure: disclosureRows(quote, tx),
      agreements: agreementList(locale),
      isPopType: presentation.retention ? 1 : 0,
      popTitle: presentation.retention?.title ?? '',
      popContent: presentation.retention?.content ?? '',
      popAgreementUrl: presentation.agreementPopUrl ?? '',
      NewButtonMsg: presentation.buttonText ?? '',
      NewPopMsg: presentation.promoText ?? '',
      quoteId: priced.digest,
      minAmount: product.minAmount,
      maxAmount: limit,
      amountStep: product.amountStep,
      applicationMissing: await missingParts(db, borrowerId),
    };
  });

  registerCall(app, contract.loanPush, async ({ productId, amount, termDays, quoteId }, { borrowerId }) => {
    const order = await submitApplication(
      db,
      { borrowerId, productId, amount, quoteId, ...(termDays === undefined ? {} : { termDays }) },
      manilaDateOf(clock.now()),
      { applicationCheck: requireCompleteApplication },
    );
    await tellReference(db, sms, borrowerId, config.LENDER_PHONE, app.log);
    return { orderId: order.id, lendDetailsUrl: href('loanDetail', { productId, orderId: order.id }) };
  });
}
