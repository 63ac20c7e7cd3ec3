import { COMPLAINT_REPLY_WORKING_DAYS } from './constants';
import { formatDate } from './format/date';

/**
 * The day by which the lender promises to reply to a complaint filed at `filedAt`: the Manila
 * calendar day of filing plus COMPLAINT_REPLY_WORKING_DAYS weekdays. Public holidays are not
 * skipped, so the promise is never later than a borrower counting weekdays would expect.
 */
export function complaintReplyBy(filedAt: Date | string, workingDays = COMPLAINT_REPLY_WORKING_DAYS): string {
  const day = new Date(`${formatDate(filedAt)}T00:00:00Z`);
  let left = workingDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}
