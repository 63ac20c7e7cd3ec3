import { z } from 'zod';
import { ADULT_AGE, ageOn } from '../../shared/contracts/bank-binding';
import type { FormSection } from '../../shared/contracts/application';
import { fileNameFromUrl } from '../../shared/contracts/complaints';
import { badRequest } from '../http/app-error';
import { PH_PLACES } from '../places/places';
import { EMPLOYMENT, ID_TYPES, RELATIONSHIPS } from './items';

const NAME = /^\p{L}[\p{L} .'-]*$/u;
const oneOf = (list: readonly { type: string }[]) => list.map((o) => o.type) as [string, ...string[]];
const CITIES = new Set(PH_PLACES.flatMap((r) => r.cities));
/** Monthly income the form accepts: up to ₱10,000,000, in centavos. */
export const MAX_MONTHLY_INCOME = 1_000_000_000;

const text = (what: string, max: number) =>
  z
    .string(`Please fill in ${what}`)
    .trim()
    .min(1, `Please fill in ${what}`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} takes at most ${max} characters`);
const personName = (what: string) =>
  text(what, 100).regex(
    NAME,
    `${what[0]!.toUpperCase()}${what.slice(1)} takes letters, spaces, dots, apostrophes and dashes only`,
  );
const choice = (what: string, list: readonly { type: string }[]) =>
  z.enum(oneOf(list), `Please choose ${what} from the list`);
const mobile = (what: string) =>
  z
    .string(`Please fill in ${what}`)
    .transform((v) => v.replace(/[\s\-.()]/g, '').replace(/^\+?63(?=9\d{9}$)/, '0'))
    .pipe(
      z
        .string()
        .regex(/^09\d{9}$/, `${what[0]!.toUpperCase()}${what.slice(1)} must be a mobile number like 0917 123 4567`),
    );
const photo = (what: string) =>
  z
    .string(`Please upload ${what}`)
    .trim()
    .min(1, `Please upload ${what}`)
    .refine((url) => fileNameFromUrl(url) !== null, `Please upload ${what} again`);

const birthDate = (today: string) =>
  z
    .string('Please fill in your date of birth')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Your date of birth must be a real date, not in the future')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && v <= today;
    }, 'Your date of birth must be a real date, not in the future')
    .refine((v) => ageOn(v, today) >= ADULT_AGE, `You must be at least ${ADULT_AGE} years old to borrow`);

/** The zod schema of each section: the server's check of every answer, with the borrower's words. */
export function sectionSchema(section: FormSection, today: string, ownPhone: string) {
  switch (section) {
    case 'personal':
      return z.object({
        fullName: personName('your full name'),
        birthDate: birthDate(today),
        city: z
          .string('Please choose your city or municipality')
          .refine((c) => CITIES.has(c), 'Please choose your city or municipality from the list'),
        street: text('your address', 200),
      });
    case 'job':
      return z.object({
        employment: choice('your employment', EMPLOYMENT),
        employer: text('your employer or business name', 100),
        monthlyIncome: z
          .string('Please fill in your monthly income')
          .regex(/^\d{1,12}$/, 'Please fill in your monthly income in pesos')
          .transform(Number)
          .refine((n) => n > 0, 'Please fill in your monthly income')
          .refine((n) => n <= MAX_MONTHLY_INCOME, 'Please check your monthly income: it is more than ₱10,000,000')
          .transform(String),
      });
    case 'ext':
      return z.object({
        refName: personName("your reference's full name"),
        refRelation: choice('how you know your reference', RELATIONSHIPS),
        refPhone: mobile("your reference's mobile number").refine(
          (p) => p !== ownPhone,
          'Your reference must be someone else: use their mobile number, not yours',
        ),
        refConsent: z.literal('1', 'Please confirm that your reference agreed to be named'),
      });
    case 'public':
      return z
        .object({
          idType: choice('the type of your ID', ID_TYPES),
          idNumber: text('your ID number', 30).regex(
            /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
            'Your ID number takes letters, digits, spaces and dashes only',
          ),
          idPhoto: photo('a photo of your ID'),
          selfie: photo('a selfie'),
        })
        .refine((v) => fileNameFromUrl(v.idPhoto) !== fileNameFromUrl(v.selfie), {
          message: 'Please upload a selfie that is not the photo of your ID',
        });
  }
}

/** Checks one section's answers; the first problem, in form order, is the borrower's message (400). */
export function checkSection(
  section: FormSection,
  raw: Record<string, unknown>,
  today: string,
  ownPhone: string,
): Record<string, string> {
  const parsed = sectionSchema(section, today, ownPhone).safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, string>;
  const issue = parsed.error.issues[0]!;
  throw badRequest(issue.message, issue.path.length ? String(issue.path[0]) : undefined);
}
