/** The loan terms page's text (spec 001 §2.4, §9), English; `{name}` values come from the product. */
export const termsTextEn = {
  intro:
    'These terms govern loans granted by {lender}, a lending company registered with the Securities and Exchange Commission, through the {product} product. To borrow you must be a Filipino citizen over 18 years of age, with full legal capacity and a permanent address in the Philippines.',
  loanHeading: '1. The loan',
  amountOnce:
    'Amount: {min} to {max}; term: {days} calendar days, repaid in one payment (our products run from 91 to 365 days).',
  amountInstallments:
    'Amount: {min} to {max}; term: {days} calendar days in {periods} installments (our products run from 91 to 365 days).',
  interest:
    'Interest: {daily} of the outstanding principal per day. Service fee: {fee} of the principal, deducted when the loan is paid out.',
  decision:
    'We decide on an application within 1 day; the money is credited within 1 to 3 calendar days after you accept.',
  purpose: 'Purposes of the loan: personal and household needs; not for gambling or any unlawful purpose.',
  lateHeading: '2. Late payment',
  defaultCharge: 'A single default charge of {new} for new clients and {repeat} for repeat clients.',
  tierRange: 'Days {from} to {to}: penalty interest of {rate} a month on the unpaid amount, charged daily.',
  tierOnward: 'Days {from} onward: penalty interest of {rate} a month on the unpaid amount, charged daily.',
  allocation:
    'Payments after maturity go first to legal charges, then enforcement costs, late penalties, fees, interest and principal.',
  earlyHeading: '3. Paying early and extending',
  prepayment:
    'Prepayment is allowed once at least {share}% of the term has passed and not earlier than {days} calendar days after disbursal.',
  extension:
    'An extension (prolongation) lasts one more term of the same length and needs the interest and penalties due, plus an extension fee of {fee} of the outstanding principal.',
  noExtension: 'This product cannot be extended.',
  bspHeading: '4. Ceilings under {source}',
  bspInterest:
    'Nominal interest of at most {nominal}% a month; effective interest rate of at most {effective}% a month.',
  bspLate: 'Late penalties of at most {late}% a month on the amount due.',
  bspTotal:
    'Total cost of the loan (interest, fees, penalties and other charges) of at most {total}% of the principal.',
  obligationsHeading: '{number}. Your obligations and ours',
  changes: 'Tell us within 3 days of a change of your name, date of birth or address.',
  court:
    'If a court orders payment, you have 10 days to pay before enforcement. We notify you 7 business days before assigning the loan.',
  otherHeading: '{number}. Other terms of the agreement',
  representations:
    'What you tell us: you confirm that the facts and documents you give in your application are true, complete and yours. We may refuse or cancel an application that rests on false information.',
  default:
    'Default: the loan is in default when an installment stays unpaid after its due date. The default charge and late penalties above then apply; the rest of the schedule keeps its own due dates.',
  indemnity:
    'Indemnity: you answer for the reasonable and documented costs we bear because of false information you gave or a use of the loan the agreement forbids, and never for more than the law allows.',
  data: 'Your data: we process your personal data under the Data Privacy Act of 2012 to assess, grant and collect the loan, and share your loan and payment record with the Credit Information Corporation and accredited credit bureaus, as Republic Act No. 9510 requires.',
  setOff:
    'Set-off: money of yours that we hold (an overpayment or a credit) may be applied to an amount that is past due on your loan; we tell you when we do and what remains.',
  review:
    'Review: we may change these terms for new loans only. A loan already granted keeps the terms you accepted, unless you agree in writing to a change.',
  notices:
    'Notices: we write to you by SMS to your registered mobile number and in the app; you write to us through Complaints or Customer service. A notice counts as received the day it is sent.',
  law: 'Governing law: the laws of the Republic of the Philippines. Disputes go to the courts of the place where you live; you may also complain to the Securities and Exchange Commission.',
} as const;

export type TermsText = { readonly [K in keyof typeof termsTextEn]: string };
