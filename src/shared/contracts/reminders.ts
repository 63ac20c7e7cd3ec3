import { z } from 'zod';
import { defineCall } from '../api/define-call';

/**
 * The SMS reminder schedule collections configure (before the due date, on it, after it), and
 * what it sent. Texts hold placeholders the server fills for each borrower.
 */
export const REMINDER_PLACEHOLDERS = ['{name}', '{amount}', '{dueDate}', '{orderNo}'] as const;
/** Two SMS segments of plain text, once the placeholders are filled. */
export const REMINDER_MAX_LENGTH = 300;

const text = (language: string) =>
  z
    .string()
    .trim()
    .min(10, `Write the ${language} text (at least 10 characters)`)
    .max(
      REMINDER_MAX_LENGTH - 40,
      `Keep the ${language} text under ${REMINDER_MAX_LENGTH - 40} characters: the filled placeholders need room`,
    );

export const reminderRule = z.object({
  id: z.number().int(),
  offsetDays: z.number().int(),
  textEn: z.string(),
  textFil: z.string(),
  enabled: z.boolean(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ReminderRule = z.infer<typeof reminderRule>;

export const reminderSend = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  phone: z.string(),
  offsetDays: z.number().int(),
  dueDate: z.string(),
  language: z.string(),
  body: z.string(),
  sentAt: z.string(),
});

export const list = defineCall({
  name: 'reminders.list',
  method: 'GET',
  path: '/admin/reminders',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary: 'The reminder schedule and the reminders sent lately',
  request: z.object({}),
  reply: z.object({ rules: z.array(reminderRule), sent: z.array(reminderSend) }),
});

export const save = defineCall({
  name: 'reminders.save',
  method: 'POST',
  path: '/admin/reminders/save',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary:
    'Add or change one reminder: days from the due date and its text in English and Filipino; threats, insults and unknown placeholders are refused',
  request: z.object({
    id: z.coerce.number().int().positive().optional(),
    offsetDays: z.coerce
      .number({ error: 'Days from the due date must be a number' })
      .int('Days from the due date must be whole days')
      .min(-14, 'At most 14 days before the due date')
      .max(90, 'At most 90 days after the due date'),
    textEn: text('English'),
    textFil: text('Filipino'),
    enabled: z.enum(['0', '1']).default('1'),
  }),
  reply: z.object({ rule: reminderRule }),
});

export const sendNow = defineCall({
  name: 'reminders.sendNow',
  method: 'POST',
  path: '/admin/reminders/send-now',
  auth: false,
  staffRole: 'collections',
  success: 0,
  summary: "Send today's reminders now (the schedule also does it every morning); each loan gets each reminder once",
  request: z.object({}),
  reply: z.object({ sent: z.number().int(), skipped: z.string().nullable() }),
});
