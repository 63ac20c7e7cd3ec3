import { manilaToday } from '../../shared/format/date';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { addDays, type IsoDate } from '../domain/loan';
import { bringUpToDate, decide, disburse, submitApplication } from '../money';
import { newBorrower } from './test-borrowers';

/** A clock a test moves: `set('05:59')` puts it at that Manila time on the test's day. */
export function movableClock(day: IsoDate = manilaToday()) {
  let instant = new Date(`${day}T12:00:00+08:00`);
  const clock: Clock = { now: () => new Date(instant), today: () => manilaToday(instant) };
  return {
    clock,
    day,
    set(time: string, on: IsoDate = day) {
      instant = new Date(`${on}T${time}:00+08:00`);
    },
  };
}

/**
 * A ₱5,000 Hiram Cash loan (one 91-day period) of its own borrower, `daysPastDue` days past its
 * due date on `today` (0: due today, status 174), made through the real lifecycle.
 */
export async function loanPastDue(
  db: Db,
  today: IsoDate,
  daysPastDue: number,
  fullName = 'Collect Me',
): Promise<number> {
  const borrowerId = await newBorrower(db, fullName);
  const start = addDays(today, -(91 + daysPastDue));
  const order = await submitApplication(db, { borrowerId, productId: 1, amount: 500_000 }, start, {
    exposure: 'demo-history',
  });
  await decide(db, order.id, { approve: true, actor: 'test' }, start);
  await disburse(db, order.id, 'test', start);
  await bringUpToDate(db, order.id, today);
  return order.id;
}
