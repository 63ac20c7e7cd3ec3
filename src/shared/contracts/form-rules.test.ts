import { describe, expect, it } from 'vitest';
import { COMPLAINT_TEXT_MAX } from '../constants';
import { complaintTextProblem, problemDetailSchema } from './complaints';
import { CONTACT_EMAIL_MAX, contactMessageRequest, isContactEmail } from './official-site';

// The pages check these rules with plain functions (the browser build carries no zod); the server
// checks them with the contracts' zod schemas. Both must say the same thing.

describe('form rules: the plain function says what the schema says', () => {
  const texts = [
    '',
    '   ',
    'ok',
    ' padded ',
    'x'.repeat(COMPLAINT_TEXT_MAX),
    'x'.repeat(COMPLAINT_TEXT_MAX + 1),
    `${'y'.repeat(COMPLAINT_TEXT_MAX)}  `,
  ];
  it.each(texts.map((text) => [text.length > 20 ? `${text.length} characters` : JSON.stringify(text), text]))(
    'spec 000 §5 complaint text %s',
    (_label, text) => {
      const parsed = problemDetailSchema.safeParse(text);
      const problem = complaintTextProblem(text);
      expect(problem === null).toBe(parsed.success);
      if (!parsed.success) expect(problem).toBe(parsed.error.issues[0]?.message);
    },
  );

  const emails = [
    'name@example.com',
    ' name@example.com ',
    'a.b+c@mail.example.ph',
    'name@',
    '@example.com',
    'name@example',
    'na me@example.com',
    'name..x@example.com',
    '.name@example.com',
    '',
    `${'a'.repeat(CONTACT_EMAIL_MAX)}@example.com`,
  ];
  it.each(emails)('spec 000 §5 contact e-mail %j', (email) => {
    expect(isContactEmail(email)).toBe(contactMessageRequest.shape.email.safeParse(email).success);
  });
});
