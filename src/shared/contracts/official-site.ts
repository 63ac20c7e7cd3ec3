import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { phoneSchema } from '../format/phone';

/** spec 000 §8: the message for an empty field of the official site's contact form. */
export const CONTACT_INCOMPLETE = 'Please provide complete information!';
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 200;
export const CONTACT_REMARK_MAX = 1000;

/** zod's own e-mail pattern (`z.email()`), named here so the page checks what the server checks. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The contact form's e-mail rule as a plain function, for the page: the browser build carries no
 * zod (scripts/vite-shared-for-web.ts). It says what `contactMessageRequest.shape.email` says.
 */
export function isContactEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && email.length <= CONTACT_EMAIL_MAX && EMAIL_PATTERN.test(email);
}

const required = (max: number, tooLong: string) => z.string().trim().min(1, CONTACT_INCOMPLETE).max(max, tooLong);

/**
 * spec 000 §2 Official site, §5: Name, Telephone, Email, Remark, all required. One schema for the
 * form's check and the server's. Telephone is a Philippine mobile number (architecture.md: Languages and departures).
 */
export const contactMessageRequest = z.object({
  name: required(CONTACT_NAME_MAX, `Name: at most ${CONTACT_NAME_MAX} characters`),
  telephone: z.string().trim().min(1, CONTACT_INCOMPLETE).pipe(phoneSchema),
  email: required(CONTACT_EMAIL_MAX, `Email: at most ${CONTACT_EMAIL_MAX} characters`).pipe(
    z.email({ pattern: EMAIL_PATTERN, error: 'Enter a valid e-mail address like name@example.com' }),
  ),
  remark: required(CONTACT_REMARK_MAX, `Remark: at most ${CONTACT_REMARK_MAX} characters`),
});

/**
 * The official site's contact form. Departure from spec 000 §2 ("nothing is sent"): the message is
 * stored for the operators (architecture.md: Languages and departures). Public, limited per address.
 */
export const contactMessage = defineCall({
  name: 'officialSite.contactMessage',
  method: 'POST',
  path: '/v3/public/contact-message',
  auth: false,
  success: 0,
  summary: "Store a visitor's message from the official site's contact form",
  request: contactMessageRequest,
  reply: z.object({ id: z.number().int() }),
});

const centavos = z.number().int();

/** A product as the site's calculator offers it: its range, step, terms and daily rate. */
export const calculatorProduct = z.object({
  productId: z.number().int(),
  name: z.string(),
  minAmount: centavos,
  maxAmount: centavos,
  amountStep: centavos,
  termOptions: z.array(z.number().int()),
  dailyInterestBps: z.number().int(),
  serviceFeeBps: z.number().int(),
});

/**
 * What a loan of an amount and term would cost, priced by the same engine as the confirm page's
 * disclosure (so the site's example is the contract a borrower would be shown).
 */
export const calculatorQuote = z.object({
  productId: z.number().int(),
  amount: centavos,
  termDays: z.number().int(),
  netProceeds: centavos,
  serviceFee: centavos,
  interest: centavos,
  /** What the borrower pays back over the schedule (principal and interest; the fee is withheld). */
  totalRepayable: centavos,
  /** Interest and the service fee: everything the loan costs beyond the amount borrowed. */
  totalCost: centavos,
  effectiveRate: z.object({ monthlyBps: z.number().int(), compoundedAnnualBps: z.number().int() }),
  schedule: z.array(z.object({ period: z.number().int(), dueDate: z.string(), amount: centavos })),
});

/**
 * The official site's cost calculator: the products on offer (range and rate) and, for an amount
 * and term, the engine's schedule and cost. Public: a visitor sees the price before signing up.
 * Without a product, the first on offer; without an amount or term, its smallest amount and its first term.
 */
export const loanCalculator = defineCall({
  name: 'officialSite.loanCalculator',
  method: 'GET',
  path: '/v3/public/loan-calculator',
  auth: false,
  success: 0,
  summary: 'The products on offer and what a loan of an amount and term costs, for visitors',
  request: z.object({
    productId: z.coerce.number().int().positive().optional(),
    amount: z.coerce.number().int().positive().optional(),
    termDays: z.coerce.number().int().positive().optional(),
  }),
  reply: z.object({ products: z.array(calculatorProduct), quote: calculatorQuote }),
});
