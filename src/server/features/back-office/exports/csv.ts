import { Readable } from 'node:stream';

/** The byte-order mark: without it Excel reads UTF-8 as its own code page (₱ and ñ turn to mojibake). */
export const BOM = '\uFEFF';

/** `money`: centavos written as pesos; `count`: a whole number; `text`: anything a person or a provider typed. */
export type CsvKind = 'text' | 'money' | 'count' | 'percent';

export interface CsvColumn {
  key: string;
  title: string;
  kind: CsvKind;
}

export type CsvRow = Record<string, string | number | boolean | null | undefined>;

/** A cell that a spreadsheet would run as a formula starts with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

const pesos = (centavos: number): string => {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * One cell as CSV. Money is pesos with two decimals (no separators, a minus for a negative amount:
 * a number we computed, not text). Any other cell that starts like a formula gets a leading
 * apostrophe, so a payment reference or a complaint typed as `=HYPERLINK(…)` is read as text; quotes
 * are doubled and a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number | boolean | null | undefined, kind: CsvKind): string {
  if (value === null || value === undefined) return '';
  const numeric = typeof value === 'number' && (kind === 'money' || kind === 'count' || kind === 'percent');
  let text = kind === 'money' && typeof value === 'number' ? pesos(value) : String(value);
  if (!numeric && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cells already escaped, joined as one CRLF-ended line. */
export const csvLine = (cells: string[]): string => `${cells.join(',')}\r\n`;

/** The header line of these columns. */
export const csvHeader = (columns: readonly CsvColumn[]): string =>
  csvLine(columns.map((c) => csvCell(c.title, 'text')));

/** A row's cells in the order of the columns. */
export const csvRow = (columns: readonly CsvColumn[], row: CsvRow): string =>
  csvLine(columns.map((c) => csvCell(row[c.key], c.kind)));

/**
 * A CSV as a stream: the byte-order mark and header first, then each batch as it is read, so a
 * range of a million rows never sits in memory (the batches come from a keyset cursor).
 */
export function csvStream(columns: readonly CsvColumn[], batches: AsyncIterable<CsvRow[]>): Readable {
  async function* lines() {
    yield Buffer.from(BOM + csvHeader(columns), 'utf8');
    for await (const batch of batches) {
      if (batch.length) yield Buffer.from(batch.map((row) => csvRow(columns, row)).join(''), 'utf8');
    }
  }
  return Readable.from(lines());
}
