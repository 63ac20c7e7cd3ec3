import { z } from 'zod';
import { defineCall } from '../api/define-call';

/**
 * The borrower's own consent to collections contact outside 6 AM–10 PM Manila (SEC MC 18
 * s.2019): given for 7 or 30 days, withdrawn at any time, on the borrower pages or by SMS reply.
 */
export const CONSENT_DAY_CHOICES = ['7', '30'] as const;

const consentNow = z.object({
  /** The consent in force, or null. */
  active: z
    .object({ givenAt: z.string(), expiresAt: z.string(), source: z.enum(['borrower-page', 'sms-reply']) })
    .nullable(),
  /** A loan of theirs is due or overdue: collections may contact them. */
  inCollection: z.boolean(),
});
export type ConsentNow = z.infer<typeof consentNow>;

export const contactConsentStatus = defineCall({
  name: 'contactConsent.status',
  method: 'GET',
  path: '/v3/contact-consent',
  auth: true,
  success: 0,
  summary: "The borrower's consent to collections contact outside 6 AM–10 PM in force now, if any",
  request: z.object({}),
  reply: consentNow,
});

export const giveContactConsent = defineCall({
  name: 'contactConsent.give',
  method: 'POST',
  path: '/v3/contact-consent/give',
  auth: true,
  success: 0,
  summary:
    'The borrower consents to collections contact outside 6 AM–10 PM for 7 or 30 days (replacing any consent in force); kept with the session’s address and browser as evidence',
  request: z.object({ days: z.enum(CONSENT_DAY_CHOICES, 'Choose 7 or 30 days') }),
  reply: consentNow,
});

export const revokeContactConsent = defineCall({
  name: 'contactConsent.revoke',
  method: 'POST',
  path: '/v3/contact-consent/revoke',
  auth: true,
  success: 0,
  summary: 'The borrower withdraws their consent to contact outside 6 AM–10 PM, at once',
  request: z.object({}),
  reply: consentNow,
});
