import type { ReportTable } from '../../../../shared/contracts/back-office-reports';
import { BOM, csvCell, csvLine } from './csv';

/** The report as CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark), header first and the total row last. */
export function reportCsv(table: ReportTable): string {
  const lines = [csvLine(table.columns.map((c) => csvCell(c.title, 'text')))];
  for (const row of table.rows) lines.push(csvLine(table.columns.map((c) => csvCell(row[c.key], c.kind))));
  if (table.totals)
    lines.push(csvLine(table.columns.map((c, i) => (i === 0 ? 'Total' : csvCell(table.totals?.[c.key], c.kind)))));
  return BOM + lines.join('');
}
