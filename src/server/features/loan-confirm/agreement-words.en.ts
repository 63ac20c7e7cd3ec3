import type { AgreementWords } from './agreement-words';

/** The documents in English, the language of the contract: this text governs. */
export const ENGLISH_WORDS: AgreementWords = {
  listTitles: ['Loan agreement', 'Disclosure statement', 'Privacy notice'],
  titles: {
    agreement: 'Loan agreement',
    disclosure: 'Disclosure statement (Truth in Lending Act, R.A. 3765)',
    privacy: 'Privacy notice (Data Privacy Act of 2012)',
  },
  governingNote: null,
  lender: (l) => `${l.name}, SEC Registration No. ${l.secRegNo}, ${l.caNo}, ${l.address} (the Lender)`,
  borrower: (b) => `${b.name ?? 'The Borrower'}, mobile ${b.phone} (the Borrower), order ${b.orderNo}`,
  borrowerUnnamed: 'The Borrower named in the order this agreement is accepted with',
  installment: (p) => `${p.engineTitle}, due ${p.due}`,
  rows: {
    product: 'Product',
    principal: 'Principal',
    term: 'Term',
    termValue: (days, payments) => `${days} days in ${payments} payment${payments > 1 ? 's' : ''}`,
    interest: 'Interest',
    interestValue: (rate, total) => `${rate} a day, ${total} in all`,
    serviceFee: 'Service fee, deducted from the proceeds',
    netProceeds: 'Net proceeds paid to the Borrower',
    totalToRepay: 'Total to repay',
  },
  repayment: {
    heading: 'Repayment',
    paragraph:
      'The Borrower repays each installment on or before its due date through a payment channel shown in the app. A payment is applied, before maturity, to fees, then interest, then principal; after maturity, to legal charges, enforcement costs, late penalties, fees, interest and principal. Any overpayment is kept as the Borrower’s credit.',
  },
  late: {
    heading: 'Late payment',
    paragraph: (c) =>
      `An installment not paid on its due date incurs a one-off default charge of ${c.new} (${c.repeat} for a repeat borrower) and late penalties ${c.tiers
        .map((t) => `from overdue day ${t.fromDay}: ${t.rate} a month on the amount due`)
        .join('; ')}.`,
    ceiling: (c) =>
      `This loan is covered by ${c.source}: interest is at most ${c.interest} a month, the effective rate at most ${c.effective} a month, late penalties at most ${c.late} a month on the amount due, and the total cost at most ${c.total} of the principal. Where a figure above is larger, the ceiling applies.`,
  },
  prepayment: {
    heading: 'Prepayment and extension',
    anyDay:
      'The Borrower may repay the whole loan early on any day from the day the money is received, paying interest only to the day of payment; the interest not yet earned is not charged.',
    lockIn: (date) =>
      `The Borrower may repay the whole loan early. Before ${date} an early payoff costs the whole scheduled interest; from ${date}, interest only to the day of payment.`,
    noExtension: 'This loan cannot be extended.',
    extension: (fee, max) =>
      `The Borrower may extend the loan by one more term at a time${max === null ? '' : ` (at most ${max} time${max === 1 ? '' : 's'})`} by paying the interest and penalties due and an extension fee of ${fee} of the outstanding principal, lowered where a ceiling or the Lender's limits require.`,
  },
  other: {
    heading: 'Other terms',
    paragraphs: ({ email, phone }) => [
      'The loan is released to the payout account the Borrower bound in the app. The Lender collects only through lawful means and never contacts persons in the Borrower’s phone contacts.',
      `Questions and complaints: ${email}, ${phone}, or the complaint page in the app.`,
    ],
  },
  disclosure: {
    heading: 'About these figures',
    paragraph:
      'The finance charge is every charge the Borrower pays for the credit. The effective interest rate spreads it over the actual schedule of payments. Late payment charges, the extension fee and prepayment terms are not part of the finance charge; they are listed above with the ceilings that bind them.',
  },
  privacy: (officer) => [
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
      paragraphs: [`You may ask to see, correct or delete your data, or object to its use. Write to ${officer}.`],
    },
  ],
};
