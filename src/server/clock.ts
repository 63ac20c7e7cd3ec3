import { manilaToday } from '../shared/format/date';
import type { IsoDate } from './domain/loan';

/**
 * Where the server reads the time. Production uses the system clock; tests inject a fixed one to
 * try other days, so no API ever takes "today" from its caller.
 */
export interface Clock {
  now(): Date;
  /** Today's calendar date in Manila. */
  today(): IsoDate;
}

export const systemClock: Clock = { now: () => new Date(), today: () => manilaToday() };

/** A clock stopped at one instant (ISO timestamp), for tests. */
export function fixedClock(instant: string): Clock {
  const at = new Date(instant);
  return { now: () => new Date(at), today: () => manilaToday(at) };
}
