import { formatMoney } from '../../../shared/format/money';
import type { Config } from '../../config';
import { type LoanProduct, type LoanQuote, readStoredQuote } from '../../domain/loan';
import { formatBps } from '../../../shared/format/percent';
import { formatHumanDate } from '../../../shared/format/date';
import { type ReplyTexts, replyTexts } from '../../i18n/reply-texts';

const ENGLISH = replyTexts('en');

const CHARGE_NAMES: Record<string, string> = { interest: 'Interest', 'service-fee': 'Service fee' };

export const AGREEMENTS = [
  { title: 'Loan agreement', position: 1 },
  { title: 'Disclosure statement', position: 2 },
  { title: 'Privacy notice', position: 3 },
] as const;

export interface AgreementInput {
  position: number;
  productName: string;
  product: LoanProduct;
  quote: LoanQuote;
  config: Config;
  /** The order's number and borrower when the document is an order's, not a quote's. */
  order?: { orderNo: string; borrowerName: string; borrowerPhone: string };
}

type Doc = {
  title: string;
  parties: string[];
  rows: { text: string; value: string }[];
  sections: { heading: string; paragraphs: string[] }[];
};

function parties({ config, order }: AgreementInput): string[] {
  const lender = `${config.LENDER_NAME}, SEC Registration No. ${config.LENDER_SEC_REG_NO}, ${config.LENDER_CA_NO}, ${config.LENDER_ADDRESS} (the Lender)`;
  const borrower = order
    ? `${order.borrowerName}, mobile ${order.borrowerPhone} (the Borrower), order ${order.orderNo}`
    : 'The Borrower named in the order this agreement is accepted with';
  return [lender, borrower];
}

function scheduleRows(quote: LoanQuote) {
  return quote.repayPlans.map((plan) => ({
    text: `${plan.title}, due ${plan.pay_time}`,
    value: formatMoney(plan.amount),
  }));
}

function loanAgreement(input: AgreementInput): Doc {
  const { product, quote, productName } = input;
  const tiers = product.penaltyTiers
    .map((t) => `from overdue day ${t.fromDay}: ${formatBps(t.monthlyBps)} a month on the amount due`)
    .join('; ');
  return {
    title: 'Loan agreement',
    parties: parties(input),
    rows: [
      { text: 'Product', value: productName },
      { text: 'Principal', value: formatMoney(quote.amount) },
      {
        text: 'Term',
        value: `${quote.terms.termDays} days in ${quote.terms.periods} payment${quote.terms.periods > 1 ? 's' : ''}`,
      },
      {
        text: 'Interest',
        value: `${formatBps(quote.terms.dailyInterestBps)} a day, ${formatMoney(quote.totals.interest)} in all`,
      },
      { text: 'Service fee, deducted from the proceeds', value: formatMoney(quote.totals.fees) },
      { text: 'Net proceeds paid to the Borrower', value: formatMoney(quote.netProceeds) },
      ...scheduleRows(quote),
      { text: 'Total to repay', value: formatMoney(quote.totals.totalRepayable) },
    ],
    sections: [
      {
        heading: 'Repayment',
        paragraphs: [
          'The Borrower repays each installment on or before its due date through a payment channel shown in the app. A payment is applied, before maturity, to fees, then interest, then principal; after maturity, to legal charges, enforcement costs, late penalties, fees, interest and principal. Any overpayment is kept as the Borrower’s credit.',
        ],
      },
      {
        heading: 'Late payment',
        paragraphs: [
          `An installment not paid on its due date incurs a one-off default charge of ${formatMoney(product.defaultChargeNew)} (${formatMoney(product.defaultChargeRepeat)} for a repeat borrower) and late penalties ${tiers}.`,
          ...(quote.disclosure.ceiling
            ? [
                `This loan is covered by ${quote.disclosure.ceiling.source}: interest is at most ${formatBps(quote.disclosure.ceiling.nominalDailyBps * 30)} a month, the effective rate at most ${formatBps(quote.disclosure.ceiling.effectiveMonthlyBps)} a month, late penalties at most ${formatBps(quote.disclosure.ceiling.lateMonthlyBps)} a month on the amount due, and the total cost at most ${formatBps(quote.disclosure.ceiling.totalCostShareBps)} of the principal. Where a figure above is larger, the ceiling applies.`,
              ]
            : []),
        ],
      },
      {
        heading: 'Prepayment and extension',
        paragraphs: [
          'The Borrower may repay the whole loan early once half of the term has passed and at least 7 days after the disbursal, paying interest only to the day of payment.',
          extensionParagraph(quote),
        ],
      },
      {
        heading: 'Other terms',
        paragraphs: [
          'The loan is released to the payout account the Borrower bound in the app. The Lender collects only through lawful means and never contacts persons in the Borrower’s phone contacts.',
          `Questions and complaints: ${input.config.LENDER_EMAIL}, ${input.config.LENDER_PHONE}, or the complaint page in the app.`,
        ],
      },
    ],
  };
}

function extensionParagraph(quote: LoanQuote): string {
  const { extension } = quote.disclosure;
  if (!extension.allowed) return 'This loan cannot be extended.';
  const times =
    extension.maxExtensions === null
      ? ''
      : ` (at most ${extension.maxExtensions} time${extension.maxExtensions === 1 ? '' : 's'})`;
  return `The Borrower may extend the loan by one more term at a time${times} by paying the interest and penalties due and an extension fee of ${formatBps(extension.feeBps)} of the outstanding principal, lowered where a ceiling or the Lender's limits require.`;
}

/**
 * RA 3765, BSP Circular 730: the charges the Borrower may incur besides the finance charge, and the
 * ceilings on them, in the reply's language: the confirm and disclosure pages show them to a
 * Filipino reader in Filipino; the agreements, the contract, keep English (the default).
 */
export function otherChargeRows(
  d: LoanQuote['disclosure'],
  tx: ReplyTexts = ENGLISH,
): { text: string; value: string }[] {
  const limits = d.lenderLimits;
  const ceilings = d.ceiling
    ? tx('terms.ceilingsRegime', {
        source: d.ceiling.source,
        interest: formatBps(d.ceiling.nominalDailyBps * 30),
        effective: formatBps(d.ceiling.effectiveMonthlyBps),
        late: formatBps(d.ceiling.lateMonthlyBps),
        total: formatBps(d.ceiling.totalCostShareBps),
      })
    : limits
      ? tx('terms.ceilingsLender', {
          total: formatBps(limits.maxTotalCostBps),
          share: formatBps(limits.maxDefaultChargeShareBps),
        })
      : tx('terms.none');
  const maxExtensions = d.extension.maxExtensions;
  const extensionCap =
    maxExtensions === null
      ? ''
      : maxExtensions === 1
        ? tx('terms.extensionMaxOne')
        : tx('terms.extensionMaxMany', { count: maxExtensions });
  const opensOn = formatHumanDate(d.prepayment.opensOn, tx.locale);
  return [
    {
      text: tx('terms.defaultCharge'),
      value: tx('terms.defaultChargeValue', {
        new: formatMoney(d.defaultCharge.new),
        repeat: formatMoney(d.defaultCharge.repeat),
      }),
    },
    ...d.penaltyTiers.map((t) => ({
      text:
        t.toDay === null
          ? tx('terms.penaltyFrom', { from: t.fromDay })
          : tx('terms.penaltyRange', { from: t.fromDay, to: t.toDay }),
      value: tx('terms.penaltyValue', { rate: formatBps(t.monthlyBps) }),
    })),
    {
      text: tx('terms.extensionFee'),
      value: d.extension.allowed
        ? `${tx('terms.extensionValue', { rate: formatBps(d.extension.feeBps) })}${extensionCap}`
        : tx('terms.noExtension'),
    },
    {
      text: tx('terms.prepayment'),
      // Early payoff is open from the day the money is received unless the product sets a lock-in.
      value:
        d.prepayment.minDaysAfterDisbursal === 0 && d.prepayment.minTermShareBps === 0
          ? tx('terms.prepaymentAnyDay')
          : tx('terms.prepaymentLockIn', { date: opensOn }),
    },
    { text: tx('terms.ceilings'), value: ceilings },
  ];
}

function disclosureStatement(input: AgreementInput): Doc {
  const d = input.quote.disclosure;
  return {
    title: 'Disclosure statement (Truth in Lending Act, R.A. 3765)',
    parties: parties(input),
    rows: [
      { text: 'Amount financed', value: formatMoney(d.amountFinanced) },
      ...d.financeCharges.map((c) => ({
        text: `Finance charge: ${CHARGE_NAMES[c.kind] ?? c.kind}`,
        value: formatMoney(c.amount),
      })),
      { text: 'Total finance charge', value: formatMoney(d.totalFinanceCharge) },
      { text: 'Net proceeds', value: formatMoney(d.netProceeds) },
      { text: 'Total of payments', value: formatMoney(d.totalOfPayments) },
      {
        text: 'Effective interest rate',
        value: `${formatBps(d.effectiveRate.monthlyBps)} a month (${formatBps(d.effectiveRate.compoundedAnnualBps)} a year, compounded monthly)`,
      },
      ...scheduleRows(input.quote),
      ...otherChargeRows(d),
    ],
    sections: [
      {
        heading: 'About these figures',
        paragraphs: [
          'The finance charge is every charge the Borrower pays for the credit. The effective interest rate spreads it over the actual schedule of payments. Late payment charges, the extension fee and prepayment terms are not part of the finance charge; they are listed above with the ceilings that bind them.',
        ],
      },
    ],
  };
}

function privacyNotice(input: AgreementInput): Doc {
  const { config } = input;
  return {
    title: 'Privacy notice (Data Privacy Act of 2012)',
    parties: parties(input),
    rows: [],
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Your mobile number, name, payout account, loan orders, payments and complaints, and what you send us through the app.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To assess and service your loan, to post your payments, to answer you, and to meet our duties to the SEC, the BSP and credit bureaus.',
        ],
      },
      {
        heading: 'Who else sees it',
        paragraphs: [
          'Payment providers for your payments, the Credit Information Corporation as the law requires, and no one else for marketing.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          `You may ask to see, correct or delete your data, or object to its use. Write to ${config.GRIEVANCE_OFFICER}.`,
        ],
      },
    ],
  };
}

/** spec 001 §7 contract jump: the agreements are real documents, their figures the engine's. */
export function renderAgreement(given: AgreementInput): Doc {
  // An order's quote may have been stored before the ceiling regimes and the fuller disclosure.
  const input = { ...given, quote: readStoredQuote(given.quote) };
  if (input.position === 1) return loanAgreement(input);
  if (input.position === 2) return disclosureStatement(input);
  return privacyNotice(input);
}
