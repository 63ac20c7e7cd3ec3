/** Business constants quoted by the specifications; cite the section where each is set. */
export const API_BASE = '/owner';
/** spec 000 §9, spec 001 §7: HTTP timeout of both clients. */
export const HTTP_TIMEOUT_MS = 60_000;
/** spec 000 §9: toast default 3 s; 300 ms or less falls back to it; info toast 2 s. */
export const TOAST_DEFAULT_MS = 3_000;
export const TOAST_MIN_MS = 300;
export const TOAST_INFO_MS = 2_000;
/** spec 000 §9, spec 001 §9: resend countdown and code lengths. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_LENGTH = 6;
export const CAPTCHA_LENGTH = 4;
export const PHONE_LENGTH = 11;
/** architecture.md: Providers: OTP rules. */
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_TRIES = 5;
/** spec 000 §9: complaints. */
export const COMPLAINT_TEXT_MAX = 200;
export const COMPLAINT_IMAGES_MAX = 9;
export const COMPLAINT_SUCCESS_MODAL_MS = 1_500;
export const RATING_MODAL_DELAY_MS = 3_000;
/**
 * spec 000 §9: the lender's promise to reply to a complaint within 3 working days (weekdays,
 * Monday to Friday, counted from the day after filing, Manila time). The reply-by date every
 * page and reply shows is computed from this one figure (complaint-reply.ts).
 */
export const COMPLAINT_REPLY_WORKING_DAYS = 3;
/**
 * The SEC's page for complaints against lending and financing companies (its Corporate Governance
 * and Finance Department takes them, with its complaint form, once the lender was tried first).
 */
export const SEC_COMPLAINTS_URL = 'https://www.sec.gov.ph/lending-companies-and-financing-companies-2/complaints/';
export const CAROUSEL_AUTOPLAY_MS = 3_000;
/** spec 000 §9: bank binding defaults. */
export const DEFAULT_CARD_TYPE = 1;
export const DEFAULT_CHANNEL = 90006;
/** spec 001 §9: fold, events, session key. */
export const DETAIL_ROWS_FOLDED = 2;
export const EVENT_MODULE_BORROW_AGAIN = 30;
export const EVENT_POSITION_BORROW_AGAIN = 0;
export const SESSION_KEY_SHOW_BANK_TIP = 'showBankTip';
/** spec 000 §7: customer service call's fixed field. */
export const CONTACT_OVERALL = 30;
/** spec 000 §9 / spec 001 §9: theme. */
export const THEME = { background: '#FE7133', font: '#FFFFFF', highlight: '#1B87FF' } as const;
/** The session parameters the native app puts in the query (architecture.md: Sessions). */
export const SESSION_PARAMS = [
  'sessionId',
  'userId',
  'deviceId',
  'appVersion',
  'appName',
  'clientType',
  'merchantNumber',
] as const;
export type SessionParam = (typeof SESSION_PARAMS)[number];
