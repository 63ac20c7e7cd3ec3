import { z } from 'zod';
import { defineCall } from '../api/define-call';
import { phoneSchema } from '../format/phone';

/** architecture.md: Sessions: the SMS outbox, outside production only. */
export const smsOutbox = defineCall({
  name: 'dev.smsOutbox',
  method: 'GET',
  path: '/dev/sms-outbox',
  auth: false,
  success: 0,
  summary: 'Messages the outbox SMS provider stored for a phone (development only)',
  request: z.object({ phone: phoneSchema }),
  reply: z.object({
    messages: z.array(z.object({ phone: z.string(), body: z.string(), createdAt: z.string() })),
  }),
});
