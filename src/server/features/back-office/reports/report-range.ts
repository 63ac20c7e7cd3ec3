import { type SQL, sql } from 'drizzle-orm';
import type { ReportRequest } from '../../../../shared/contracts/back-office-reports';

/** The Manila calendar day of a timestamp column (a filing or an application happens at an instant). */
export const manilaDay = (column: string) => sql.raw(`(${column} at time zone 'Asia/Manila')::date`);

/** A date column as it is (a business date or a value date is already a Manila day). */
export const dateColumn = (column: string) => sql.raw(column);

/**
 * A report's range of days over one day expression: `label` is the day as `YYYY-MM-DD` for the
 * row it groups, `within` keeps the rows whose day falls from `from` to `to`, both ends included.
 */
export function dayRange(day: SQL, { from, to }: Pick<ReportRequest, 'from' | 'to'>) {
  return {
    label: sql`to_char(${day}, 'YYYY-MM-DD')`,
    within: sql`${day} between ${from}::date and ${to}::date`,
  };
}
