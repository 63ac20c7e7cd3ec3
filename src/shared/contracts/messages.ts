import { z } from 'zod';
import { defineCall } from '../api/define-call';

export const MESSAGE_KINDS = [
  'application-received',
  'approved',
  'declined',
  'money-sent',
  'payment-received',
  'extension-confirmed',
  'complaint-answered',
  'limit-raised',
  'due-soon',
] as const;
/** The messages a borrower may turn off; the others tell of their money or their rights and always go. */
export const OPTIONAL_MESSAGE_KINDS = ['application-received', 'due-soon', 'limit-raised'] as const;

const message = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  orderId: z.number().int().nullable(),
  body: z.string(),
  /** sent; failed (the SMS provider refused it); off (the borrower turned this kind off). */
  status: z.enum(['sending', 'sent', 'failed', 'off']),
  sentAt: z.string(),
});

/** The messages sent to the borrower, newest first: of one order (with the borrower's own), or all. */
export const myMessages = defineCall({
  name: 'messages.list',
  method: 'GET',
  path: '/v3/messages',
  auth: true,
  success: 0,
  summary: 'The SMS messages sent to the borrower at the moments that matter, newest first (one order’s, or all)',
  request: z.object({ orderId: z.coerce.number().int().positive().optional() }),
  reply: z.object({ messages: z.array(message) }),
});

/** Which optional messages the borrower gets. */
export const messageSettings = defineCall({
  name: 'messages.settings',
  method: 'GET',
  path: '/v3/messages/settings',
  auth: true,
  success: 0,
  summary: 'The optional messages and whether the borrower gets each',
  request: z.object({}),
  reply: z.object({ settings: z.array(z.object({ kind: z.enum(OPTIONAL_MESSAGE_KINDS), enabled: z.boolean() })) }),
});

export const saveMessageSetting = defineCall({
  name: 'messages.saveSetting',
  method: 'POST',
  path: '/v3/messages/settings',
  auth: true,
  success: 0,
  summary: 'Turns one optional message on or off',
  request: z.object({
    kind: z.enum(OPTIONAL_MESSAGE_KINDS, { error: 'Choose one of the optional messages' }),
    enabled: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()),
  }),
  reply: z.object({ settings: z.array(z.object({ kind: z.enum(OPTIONAL_MESSAGE_KINDS), enabled: z.boolean() })) }),
});

export type MyMessage = z.infer<typeof message>;
