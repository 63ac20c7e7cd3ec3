import type { IsoDate } from '../domain/loan';

export type PromiseStatus = 'open' | 'kept' | 'broken';

/**
 * A promise to pay `amount` by `promisedDay`, given what was paid from the day it was made
 * through that day: kept once the payments reach the amount, broken once the day has passed
 * without them, open until then.
 */
export function promiseStatus(amount: number, promisedDay: IsoDate, paid: number, today: IsoDate): PromiseStatus {
  if (paid >= amount) return 'kept';
  return today > promisedDay ? 'broken' : 'open';
}

/** How far ahead a collector may take a promise: a promise months away is no promise. */
export const PROMISE_MAX_DAYS = 30;
