import type { ReportTable } from '../../../../shared/contracts/back-office-reports';

/** A cell as CSV: money as plain pesos with two decimals (no sign, no separators), quotes doubled. */
function csvCell(value: string | number | null | undefined, kind: string): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (kind === 'money' && typeof value === 'number') {
    const sign = value < 0 ? '-' : '';
    const abs = Math.abs(value);
    text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  if (/^[=+@]/.test(text) || (/^-/.test(text) && kind === 'text')) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report as CSV (RFC 4180, CRLF), header first and the total row last. */
export function reportCsv(table: ReportTable): string {
  const lines = [table.columns.map((c) => csvCell(c.title, 'text'))];
  for (const row of table.rows) lines.push(table.columns.map((c) => csvCell(row[c.key], c.kind)));
  if (table.totals)
    lines.push(table.columns.map((c, i) => (i === 0 ? 'Total' : csvCell(table.totals?.[c.key], c.kind))));
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
