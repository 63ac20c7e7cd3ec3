import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column of the outer query, named with its table, for a subquery inside a selected field.
 *
 * Drizzle writes the selected fields of a query on one table (no join) with bare column names,
 * the columns inside their `sql` included. In `exists (select 1 from app_ratings where
 * app_ratings.borrower_id = ${loanOrders.borrowerId})` the outer column would then come out as
 * `"borrower_id"`, which PostgreSQL reads as the subquery's own column: the condition holds for
 * every row, whoever's it is. This always writes `"loan_orders"."borrower_id"`.
 */
export const outerColumn = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
