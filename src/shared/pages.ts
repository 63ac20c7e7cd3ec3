/**
 * Every page path named in the two specifications (spec 000 §2 router entries, spec 001 §2),
 * in one registry so no page path is typed twice. The server uses it for the SPA fallback and
 * for addresses it returns (loan push → lendDetailsUrl); the web router mounts it.
 */
export const pages = {
  officialSite: '/',
  home: '/home',
  login: '/login',
  loanDetail: '/loanDetail',
  order: '/order',
  loanConfirm: '/confirmLoan',
  loanConfirmNew: '/confirmLoanNew',
  loanConfirmPeriod: '/confirmLoanPeriod',
  loanTerms: '/loanTerms',
  loanAgreement: '/loanAgreement',
  /** Ours, not the specs': the disclosures a borrower accepted for an order, and changed terms to accept. */
  loanDisclosure: '/loanDisclosure',
  /** Ours, not the specs': "Why this amount", the amount due on an order line by line. */
  amountExplained: '/amountExplained',
  /** Ours: an order's records (schedule, payments, accepted terms), a payment's receipt, the certificate of full payment. */
  records: '/records',
  receipt: '/receipt',
  paymentCertificate: '/paymentCertificate',
  jointLoginFailure: '/loginFailure',
  repay: '/repay',
  repayDelay: '/repayDelay',
  repaymentOfCode: '/repaymentOfCode',
  repaymentOfCode2: '/repaymentOfCode2',
  paymentInstructions: '/paymentInstructions',
  bindBank: '/bindBank',
  /** Ours: the application's steps (consent, personal, job, ext, public, bank) before the confirm page submits. */
  application: '/apply',
  complaint: '/complaint',
  complaintList: '/complaintList',
  complaintNext: '/complainPageNext',
  complaintDetails: '/complainDetails',
  customerService: '/customerService',
  aboutUs: '/aboutUs',
  privacyPolicy: '/privacyPolicy',
  /** Ours: what Hiram holds about the borrower, and their privacy rights as requests. */
  myData: '/myData',
  promotion: '/promotion',
  legacyRepayment: '/legacyRepayment',
  testPreview: '/testPreview',
  /** Ours: the borrower's own consent to collections contact outside 6 AM–10 PM, given and withdrawn. */
  contactConsent: '/contactConsent',
  admin: '/admin',
} as const;

export type PageName = keyof typeof pages;

/** Builds a page address with a query string; undefined and empty values are left out. */
export function href(page: PageName, query: Record<string, string | number | undefined | null> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${pages[page]}?${qs}` : pages[page];
}
