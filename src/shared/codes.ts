/**
 * The reply code catalogue (architecture.md: The wire contract). Success is integer 0, except the calls the specs
 * mark with the string "00". Codes the specs name keep their values; the rest are ours.
 */
export const Code = {
  OK: 0,
  OK_STRING: '00',
  /** Promotion: already registered (spec 001 §7). */
  ALREADY_REGISTERED: 11,
  /** Promotion get-sms: wrong picture captcha (spec 001 §7). */
  WRONG_CAPTCHA: 101,
  /** Promotion register: wrong picture captcha (spec 001 §7). */
  WRONG_CAPTCHA_REGISTER: -1,
  /** Legacy repayment: submitted twice (spec 000 §8). */
  LEGACY_DUPLICATE: 800005,
  /** Legacy repayment: wrong verification code (spec 000 §8). */
  LEGACY_WRONG_CODE: 800006,
  BAD_REQUEST: 40000,
  /** Missing or expired session: the web app sends the user to log in (architecture.md: Sessions). */
  SESSION_EXPIRED: 40100,
  FORBIDDEN: 40300,
  /**
   * A state-changing call sent by a page of another site (its `Origin` is not ours, or the browser
   * says `Sec-Fetch-Site: cross-site`): refused before anything runs, HTTP 403.
   */
  CROSS_SITE_REFUSED: 40310,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  /** The loan's priced terms are not the ones the borrower was shown: show the fresh disclosure. */
  TERMS_CHANGED: 40901,
  /** The borrower already holds as many open applications or loans as the product allows. */
  OPEN_LOAN_LIMIT: 40902,
  /** The application's answers are kept as submitted while an application or loan is open. */
  APPLICATION_LOCKED: 40903,
  /** A certificate of full payment asked for a loan not yet settled. */
  NOT_SETTLED: 40904,
  OTP_WRONG: 42201,
  OTP_EXPIRED: 42202,
  OTP_TOO_MANY_TRIES: 42203,
  OTP_RESEND_TOO_SOON: 42204,
  /** spec 000 §5: a collection complaint (type 1) for an order whose isShow is not 1. */
  COLLECTION_COMPLAINT_REFUSED: 42230,
  /** spec 001 §2.9: an extension asked for while the loan is not due or overdue, or cannot be extended. */
  EXTENSION_NOT_OFFERED: 42240,
  /** Submitting an application whose required sections, consent or payout account are missing (`data.missing`). */
  APPLICATION_INCOMPLETE: 42260,
  /** architecture.md: Providers: an upload that is not a JPEG, PNG or WebP image (HTTP 415). */
  UNSUPPORTED_IMAGE: 41500,
  /** architecture.md: Providers: an upload over 10 MB (HTTP 413). */
  IMAGE_TOO_LARGE: 41300,
  /**
   * A (new) picture captcha is needed before this call is answered: the web login's code after the
   * phone's first free one of the day, or an answer that was wrong or expired (HTTP 428).
   */
  CAPTCHA_REQUIRED: 42800,
  RATE_LIMITED: 42900,
  /**
   * Staff sign-in: too many wrong authenticator codes for this account; codes are refused unread
   * until `data.retryAfterSeconds` pass or an admin resets the second factor (a recovery code still works).
   */
  SECOND_FACTOR_FROZEN: 42910,
  SERVER_ERROR: 50000,
  /** A dependency (the database) is briefly unavailable: safe to retry. */
  UNAVAILABLE: 50300,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** HTTP status for each of our own error codes; spec codes answer 200 like the original backend. */
export function httpStatusFor(code: number | string): number {
  if (typeof code === 'string' || code === 0) return 200;
  if (code >= 40000 && code < 60000) return Math.floor(code / 100);
  return 200;
}
