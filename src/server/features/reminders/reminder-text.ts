import { Code } from '../../../shared/codes';
import { REMINDER_PLACEHOLDERS } from '../../../shared/contracts/reminders';
import { AppError } from '../../http/app-error';
import { deniedWord } from '../../collections/contact-rules';

/**
 * A reminder text is checked as a collector's note is (SEC Memorandum Circular 18: no threats,
 * insults or obscene words) and may hold only the placeholders the server fills.
 */
export function checkReminderText(text: string, field: 'textEn' | 'textFil'): void {
  const word = deniedWord(text);
  if (word)
    throw new AppError(
      Code.BAD_REQUEST,
      `Remove “${word}”: threats, insults and obscene words are not allowed in a reminder`,
      { field },
    );
  const unknown = (text.match(/\{[^}]*\}/g) ?? []).find(
    (p) => !(REMINDER_PLACEHOLDERS as readonly string[]).includes(p),
  );
  if (unknown)
    throw new AppError(Code.BAD_REQUEST, `${unknown} is not a placeholder; use ${REMINDER_PLACEHOLDERS.join(', ')}`, {
      field,
    });
}

/** The text with the borrower's values in its placeholders. */
export function fillReminder(
  text: string,
  values: { name: string; amount: string; dueDate: string; orderNo: string },
): string {
  return text.replace(/\{(name|amount|dueDate|orderNo)\}/g, (_, key: keyof typeof values) => values[key]);
}
