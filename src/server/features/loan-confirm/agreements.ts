import { formatHumanDate } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { formatBps } from '../../../shared/format/percent';
import type { Language } from '../../../shared/language';
import type { Config } from '../../config';
import { type LoanProduct, type LoanQuote, readStoredQuote } from '../../domain/loan';
import { replyTexts } from '../../i18n/reply-texts';
import { type AgreementWords, agreementWords } from './agreement-words';
import { financeRows, otherChargeRows, type Row } from './disclosure-rows';

/** The agreements the confirm page lists, titled in the reader's language. */
export function agreementList(language: Language): { title: string; position: number }[] {
  return agreementWords(language).listTitles.map((title, index) => ({ title, position: index + 1 }));
}

export interface AgreementInput {
  position: number;
  productName: string;
  product: LoanProduct;
  quote: LoanQuote;
  config: Config;
  /** The reader's language; the English text governs a translation (its `note` says so). */
  language: Language;
  /** The order's number and borrower when the document is an order's, not a quote's. */
  order?: { orderNo: string; borrowerName: string | null; borrowerPhone: string };
}

type Doc = {
  title: string;
  note?: string;
  parties: string[];
  rows: Row[];
  sections: { heading: string; paragraphs: string[] }[];
};

type Built = AgreementInput & { words: AgreementWords };

function parties({ config, order, words }: Built): string[] {
  const lender = words.lender({
    name: config.LENDER_NAME,
    secRegNo: config.LENDER_SEC_REG_NO,
    caNo: config.LENDER_CA_NO,
    address: config.LENDER_ADDRESS,
  });
  const borrower = order
    ? words.borrower({ name: order.borrowerName, phone: order.borrowerPhone, orderNo: order.orderNo })
    : words.borrowerUnnamed;
  return [lender, borrower];
}

function scheduleRows({ quote, words, language }: Built): Row[] {
  return quote.repayPlans.map((plan, index) => ({
    text: words.installment({
      index: index + 1,
      count: quote.repayPlans.length,
      engineTitle: plan.title,
      // English keeps the engine's date as it always read; a translation writes it out.
      due: language === 'en' ? plan.pay_time : formatHumanDate(plan.pay_time, language),
    }),
    value: formatMoney(plan.amount),
  }));
}

function loanAgreement(input: Built): Doc {
  const { product, quote, productName, words, language } = input;
  const { rows } = words;
  const d = quote.disclosure;
  const ceiling = d.ceiling;
  return {
    title: words.titles.agreement,
    parties: parties(input),
    rows: [
      { text: rows.product, value: productName },
      { text: rows.principal, value: formatMoney(quote.amount) },
      { text: rows.term, value: rows.termValue(quote.terms.termDays, quote.terms.periods) },
      {
        text: rows.interest,
        value: rows.interestValue(formatBps(quote.terms.dailyInterestBps), formatMoney(quote.totals.interest)),
      },
      { text: rows.serviceFee, value: formatMoney(quote.totals.fees) },
      { text: rows.netProceeds, value: formatMoney(quote.netProceeds) },
      ...scheduleRows(input),
      { text: rows.totalToRepay, value: formatMoney(quote.totals.totalRepayable) },
    ],
    sections: [
      { heading: words.repayment.heading, paragraphs: [words.repayment.paragraph] },
      {
        heading: words.late.heading,
        paragraphs: [
          words.late.paragraph({
            new: formatMoney(product.defaultChargeNew),
            repeat: formatMoney(product.defaultChargeRepeat),
            tiers: product.penaltyTiers.map((t) => ({ fromDay: t.fromDay, rate: formatBps(t.monthlyBps) })),
          }),
          ...(ceiling
            ? [
                words.late.ceiling({
                  source: ceiling.source,
                  interest: formatBps(ceiling.nominalDailyBps * 30),
                  effective: formatBps(ceiling.effectiveMonthlyBps),
                  late: formatBps(ceiling.lateMonthlyBps),
                  total: formatBps(ceiling.totalCostShareBps),
                }),
              ]
            : []),
        ],
      },
      {
        heading: words.prepayment.heading,
        paragraphs: [
          // The same rule as the disclosure's Prepayment row: open from the first day unless a lock-in.
          d.prepayment.minDaysAfterDisbursal === 0 && d.prepayment.minTermShareBps === 0
            ? words.prepayment.anyDay
            : words.prepayment.lockIn(formatHumanDate(d.prepayment.opensOn, language)),
          d.extension.allowed
            ? words.prepayment.extension(formatBps(d.extension.feeBps), d.extension.maxExtensions)
            : words.prepayment.noExtension,
        ],
      },
      {
        heading: words.other.heading,
        paragraphs: words.other.paragraphs({ email: input.config.LENDER_EMAIL, phone: input.config.LENDER_PHONE }),
      },
    ],
  };
}

/** The disclosure statement's rows are the confirm page's (reply-texts), in the reader's language. */
function disclosureStatement(input: Built): Doc {
  const d = input.quote.disclosure;
  const tx = replyTexts(input.language);
  return {
    title: input.words.titles.disclosure,
    parties: parties(input),
    rows: [...financeRows(d, tx), ...scheduleRows(input), ...otherChargeRows(d, tx)],
    sections: [{ heading: input.words.disclosure.heading, paragraphs: [input.words.disclosure.paragraph] }],
  };
}

function privacyNotice(input: Built): Doc {
  return {
    title: input.words.titles.privacy,
    parties: parties(input),
    rows: [],
    sections: input.words.privacy(input.config.GRIEVANCE_OFFICER),
  };
}

/** spec 001 §7 contract jump: the agreements are real documents, their figures the engine's. */
export function renderAgreement(given: AgreementInput): Doc {
  const words = agreementWords(given.language);
  // An order's quote may have been stored before the ceiling regimes and the fuller disclosure.
  const input = { ...given, words, quote: readStoredQuote(given.quote) };
  const doc =
    input.position === 1
      ? loanAgreement(input)
      : input.position === 2
        ? disclosureStatement(input)
        : privacyNotice(input);
  return words.governingNote ? { ...doc, note: words.governingNote } : doc;
}
