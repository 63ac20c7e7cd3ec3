import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/codes';
import {
  type ApplicationSection,
  FORM_SECTIONS,
  type FormSection,
  PRIVACY_CONSENT_VERSION,
} from '../../shared/contracts/application';
import { fileNameFromUrl, fileUrl } from '../../shared/contracts/complaints';
import { formatMoney } from '../../shared/format/money';
import { OPEN_STATUSES } from '../../shared/order-status';
import type { Db } from '../db/client';
import { applicationAnswers, borrowers, loanOrders, payoutAccounts, privacyConsents, uploads } from '../db/schema';
import { refreshAfterSave, signalValuesBefore } from '../duplicate-signals/flags';
import { AppError } from '../http/app-error';
import { itemsWithValues, SECTION_TITLES } from './items';
import { checkSection } from './rules';
import { PRIVACY_CONSENT_TEXT } from './consent-text';

type Reader = Pick<Db, 'select'>;

/** What an application still needs: form sections, the privacy consent, the payout account (`bank`). */
export async function missingParts(db: Reader, borrowerId: number): Promise<string[]> {
  const [answered, consent, account] = await Promise.all([
    db
      .select({ section: applicationAnswers.section })
      .from(applicationAnswers)
      .where(eq(applicationAnswers.borrowerId, borrowerId)),
    currentConsent(db, borrowerId),
    db.select({ id: payoutAccounts.id }).from(payoutAccounts).where(eq(payoutAccounts.borrowerId, borrowerId)).limit(1),
  ]);
  const done = new Set(answered.map((r) => r.section));
  return [
    ...(consent ? [] : ['consent']),
    ...FORM_SECTIONS.filter((s) => !done.has(s)),
    ...(account.length ? [] : ['bank']),
  ];
}

const PART_NAMES: Record<string, string> = {
  consent: 'the privacy consent',
  personal: 'your personal details',
  job: 'your work and income',
  ext: 'a reference person',
  public: 'your government ID and selfie',
  bank: 'your payout account',
};

/** The refusal of an application with parts missing: 42260, the parts in `data.missing`. */
export function incompleteRefusal(missing: readonly string[]): AppError {
  const names = missing.map((m) => PART_NAMES[m] ?? m);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return new AppError(Code.APPLICATION_INCOMPLETE, `Please complete your application first: ${list}.`, {
    missing: [...missing],
  });
}

/** submitApplication's check, inside its transaction: every part is there before an application is made. */
export async function requireCompleteApplication(db: Reader, borrowerId: number): Promise<void> {
  const missing = await missingParts(db, borrowerId);
  if (missing.length) throw incompleteRefusal(missing);
}

async function currentConsent(db: Reader, borrowerId: number) {
  const [row] = await db
    .select({ givenAt: privacyConsents.givenAt })
    .from(privacyConsents)
    .where(and(eq(privacyConsents.borrowerId, borrowerId), eq(privacyConsents.version, PRIVACY_CONSENT_VERSION)))
    .orderBy(desc(privacyConsents.id))
    .limit(1);
  return row ?? null;
}

/** While an application or loan is open, its answers stay as they were when it was submitted. */
async function isEditable(db: Reader, borrowerId: number): Promise<boolean> {
  const open = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), inArray(loanOrders.status, OPEN_STATUSES)))
    .limit(1);
  return open.length === 0;
}

async function storedAnswers(db: Reader, borrowerId: number): Promise<Map<string, Record<string, string>>> {
  const rows = await db.select().from(applicationAnswers).where(eq(applicationAnswers.borrowerId, borrowerId));
  return new Map(rows.map((r) => [r.section, r.answers]));
}

/**
 * The name and birth date the borrower gave in the application's personal section, for forms
 * that would otherwise ask them again (the payout account's holder and birth date).
 */
export async function identityAnswers(
  db: Reader,
  borrowerId: number,
): Promise<{ fullName: string; birthDate: string }> {
  const personal = (await storedAnswers(db, borrowerId)).get('personal');
  return { fullName: personal?.fullName ?? '', birthDate: personal?.birthDate ?? '' };
}

/** The whole application as the borrower left it. */
export async function applicationOf(db: Db, borrowerId: number) {
  const [answers, consent, missing, editable] = await Promise.all([
    storedAnswers(db, borrowerId),
    currentConsent(db, borrowerId),
    missingParts(db, borrowerId),
    isEditable(db, borrowerId),
  ]);
  const sections: ApplicationSection[] = FORM_SECTIONS.map((key) => ({
    key,
    title: SECTION_TITLES[key],
    done: answers.has(key),
    items: itemsWithValues(key, answers.get(key)),
  }));
  sections.push({ key: 'bank', title: SECTION_TITLES.bank, done: !missing.includes('bank'), items: [] });
  return {
    sections,
    consent: {
      version: PRIVACY_CONSENT_VERSION,
      text: PRIVACY_CONSENT_TEXT,
      givenAt: consent?.givenAt.toISOString() ?? null,
    },
    editable,
    missing,
  };
}

const locked = () =>
  new AppError(
    Code.APPLICATION_LOCKED,
    'Your application has been submitted, so its answers can no longer be changed. You can update them once your loan is settled.',
  );

/** The borrower's own identity pictures among the given addresses, or a refusal naming none of another's. */
async function requireOwnPhotos(db: Reader, borrowerId: number, urls: readonly string[]): Promise<void> {
  const names = urls.map(fileNameFromUrl).filter((n): n is string => n !== null);
  const found = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(inArray(uploads.name, names), eq(uploads.borrowerId, borrowerId), eq(uploads.purpose, 'identity')));
  if (found.length !== new Set(names).size) {
    throw new AppError(Code.BAD_REQUEST, 'A picture was not found. Please upload it again', { field: 'idPhoto' });
  }
}

/** Saves one section after every answer passes; refused once an application is submitted. */
export async function saveSection(
  db: Db,
  borrowerId: number,
  section: FormSection,
  raw: Record<string, unknown>,
  today: string,
) {
  const [borrower] = await db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId));
  const answers = checkSection(section, raw, today, borrower?.phone ?? '');
  if (section === 'public') {
    await requireOwnPhotos(db, borrowerId, [answers.idPhoto!, answers.selfie!]);
    answers.idPhoto = fileUrl(fileNameFromUrl(answers.idPhoto!)!);
    answers.selfie = fileUrl(fileNameFromUrl(answers.selfie!)!);
  }
  await db.transaction(async (tx) => {
    // The ID number is a duplicate signal's value: the credit desk's flags follow the save (its
    // lock first, as in every save of a signal's value, so that locks are always taken in one order).
    const before = await signalValuesBefore(tx, borrowerId);
    // The same lock as submitApplication's: a save and a submission do not cross.
    await tx.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.id, borrowerId)).for('update');
    if (!(await isEditable(tx, borrowerId))) throw locked();
    await tx
      .insert(applicationAnswers)
      .values({ borrowerId, section, answers })
      .onConflictDoUpdate({
        target: [applicationAnswers.borrowerId, applicationAnswers.section],
        set: { answers, updatedAt: sql`now()` },
      });
    // The name as on the ID is the borrower's name: the back office finds and shows them by it.
    if (section === 'personal')
      await tx.update(borrowers).set({ fullName: answers.fullName! }).where(eq(borrowers.id, borrowerId));
    await refreshAfterSave(tx, borrowerId, before);
  });
  return { section, done: true, missing: await missingParts(db, borrowerId) };
}

export async function recordConsent(db: Db, borrowerId: number, version: string) {
  if (version !== PRIVACY_CONSENT_VERSION) {
    throw new AppError(Code.CONFLICT, 'The privacy notice has changed. Please read the new one and agree again.');
  }
  const [row] = await db.insert(privacyConsents).values({ borrowerId, version }).returning();
  return { version, givenAt: row!.givenAt.toISOString() };
}

/** The answers for the back office's borrower view: each section's items with their values. */
export async function answersForStaff(db: Db, borrowerId: number) {
  const [answers, consent] = await Promise.all([storedAnswers(db, borrowerId), currentConsent(db, borrowerId)]);
  return {
    consentGivenAt: consent?.givenAt.toISOString() ?? null,
    sections: FORM_SECTIONS.filter((key) => answers.has(key)).map((key) => ({
      key,
      title: SECTION_TITLES[key],
      rows: itemsWithValues(key, answers.get(key)).map((item) => ({
        code: item.code,
        title: item.title,
        kind: item.category === 'image' ? ('image' as const) : ('text' as const),
        value: displayValue(item),
      })),
    })),
  };
}

function displayValue(item: ReturnType<typeof itemsWithValues>[number]): string {
  if (item.category === 'image') {
    const name = fileNameFromUrl(item.value);
    return name ? `/owner/admin/application/files/${name}` : '';
  }
  if (item.category === 'enum') return item.note.find((o) => o.type === item.value)?.name ?? item.value;
  if (item.category === 'check') return item.value === '1' ? 'Yes' : 'No';
  if (item.inputType === 'money' && /^\d+$/.test(item.value)) return formatMoney(Number(item.value));
  return item.value;
}
