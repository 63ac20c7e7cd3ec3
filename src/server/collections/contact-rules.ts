import type { Bucket, ContactRule } from '../../shared/contracts/back-office-collections';
import { addDays, daysBetween, type IsoDate } from '../domain/loan';

/**
 * The contact rules of SEC Memorandum Circular No. 18, s.2019 (unfair debt collection
 * practices), as pure functions of the instant: the server checks every attempt with them.
 */

/** Manila is UTC+8 all year (no daylight saving time since 1990). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** Contact is allowed from 6 AM up to (not including) 10 PM, Manila time. */
export const CONTACT_FROM_HOUR = 6;
export const CONTACT_UNTIL_HOUR = 22;
/** A loan more than this many days past due may be contacted at any hour. */
export const ANY_HOUR_AFTER_DAYS = 15;

/** The Manila calendar day and wall-clock hour of an instant. */
export function manilaClock(now: Date): { day: IsoDate; hour: number } {
  const wall = new Date(now.getTime() + MANILA_OFFSET_MS);
  return { day: wall.toISOString().slice(0, 10) as IsoDate, hour: wall.getUTCHours() };
}

/** The instant a Manila wall-clock hour starts on a Manila day. */
export function manilaInstant(day: IsoDate, hour: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000 - MANILA_OFFSET_MS);
}

/** Days past the due date of the first unpaid installment; zero or less while not yet late. */
export const daysPastDue = (dueDate: IsoDate | null, today: IsoDate) => (dueDate ? daysBetween(dueDate, today) : 0);

export function bucketOf(days: number): Bucket {
  if (days <= 0) return 'due';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '91+';
}

/** Days past due that fall in a bucket, inclusive; `null` ends are open. */
export const BUCKET_RANGES: Record<Bucket, [number | null, number | null]> = {
  due: [null, 0],
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '91+': [91, null],
};

export const inContactHours = (hour: number) => hour >= CONTACT_FROM_HOUR && hour < CONTACT_UNTIL_HOUR;

export interface ContactState {
  daysPastDue: number;
  consented: boolean;
  attemptsToday: number;
  dailyCap: number;
}

/** Whether the contact hours apply to a loan this many days past due without consent. */
const hoursApply = (days: number, consented: boolean) => !consented && days <= ANY_HOUR_AFTER_DAYS;

/** The rule that refuses an attempt now, or null when the rules allow it. */
export function refusingRule(now: Date, state: ContactState): ContactRule | null {
  if (hoursApply(state.daysPastDue, state.consented) && !inContactHours(manilaClock(now).hour)) return 'contact-hours';
  if (state.attemptsToday >= state.dailyCap) return 'daily-cap';
  return null;
}

/** The earliest instant the rules allow the next attempt (now when they do), and what it waits for. */
export function nextAllowed(now: Date, state: ContactState): { at: Date; reason: ContactRule | null } {
  const rule = refusingRule(now, state);
  if (rule === null) return { at: now, reason: null };
  const { day, hour } = manilaClock(now);
  // The cap closes the whole day, whatever the hour.
  if (state.attemptsToday >= state.dailyCap) return { at: tomorrowsStart(day, state), reason: 'daily-cap' };
  if (hour < CONTACT_FROM_HOUR) return { at: manilaInstant(day, CONTACT_FROM_HOUR), reason: rule };
  return { at: tomorrowsStart(day, state), reason: rule };
}

/** Tomorrow the count starts again and the loan is a day later: 06:00, or midnight once past 15 days. */
function tomorrowsStart(day: IsoDate, state: ContactState): Date {
  return manilaInstant(addDays(day, 1), hoursApply(state.daysPastDue + 1, state.consented) ? CONTACT_FROM_HOUR : 0);
}

/**
 * Threats, insults and obscene words a collection note may not hold (English and Filipino).
 * Matched as whole words, with an English ending ("kill" also finds "killed"), ignoring case.
 */
const DENIED = [
  'kill',
  'die',
  'dead',
  'hurt',
  'arrest',
  'jail',
  'prison',
  'ipahiya',
  'ipapahiya',
  'idiot',
  'stupid',
  'fuck',
  'shit',
  'bitch',
  'bastard',
  'scammer',
  'thief',
  'patay',
  'papatayin',
  'bugbog',
  'kulong',
  'ipakulong',
  'ipapakulong',
  'gago',
  'tanga',
  'bobo',
  'ulol',
  'tarantado',
  'putang',
  'puta',
  'magnanakaw',
  'manloloko',
];
const DENIED_PATTERN = new RegExp(`\\b(${DENIED.join('|')})(s|es|d|ed|ing)?\\b`, 'i');

/** The first denied word a note holds, or null. */
export function deniedWord(note: string): string | null {
  return DENIED_PATTERN.exec(note)?.[1]?.toLowerCase() ?? null;
}
