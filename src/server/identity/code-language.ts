import { eq } from 'drizzle-orm';
import { type Language, languageOf } from '../../shared/language';
import type { Db } from '../db/client';
import { borrowers } from '../db/schema';
import { replyLocale } from '../i18n/reply-locale';

/** A request's `Accept-Language` header as Node gives it. */
export type AcceptLanguage = string | string[] | undefined;

/** Whether `Accept-Language` names English or Filipino at all (the borrower pages always send theirs). */
function namesOurLanguage(acceptLanguage: AcceptLanguage): boolean {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  return header.split(',').some((part) => languageOf(part.split(';')[0]) !== undefined);
}

/**
 * The language of a sign-in code's SMS: the page's that asked for it (the reader is reading it now,
 * and a new phone has nothing else); when the request names neither of ours, the language the
 * borrower last signed in with; else English.
 */
export async function codeLanguage(db: Db, phone: string, acceptLanguage: AcceptLanguage): Promise<Language> {
  if (namesOurLanguage(acceptLanguage)) return replyLocale(acceptLanguage);
  const [known] = await db.select({ language: borrowers.language }).from(borrowers).where(eq(borrowers.phone, phone));
  return known?.language === 'fil' ? 'fil' : 'en';
}
