import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvLine, csvStream } from './csv';

describe('CSV an auditor can open (RFC 4180, UTF-8 with a byte-order mark)', () => {
  it('escapes every cell that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`${start}HYPERLINK("http://x.test")`, 'text');
      expect(cell.startsWith('"\'') || cell.startsWith("'"), JSON.stringify(start)).toBe(true);
    }
    expect(csvCell('=1+1', 'text')).toBe("'=1+1");
    expect(csvCell('-5 pesos', 'text')).toBe("'-5 pesos");
    expect(csvCell('@SUM(A1)', 'text')).toBe("'@SUM(A1)");
  });

  it('quotes commas, quotes and line breaks, and keeps plain text as it is', () => {
    expect(csvCell('Dela Cruz, Juan', 'text')).toBe('"Dela Cruz, Juan"');
    expect(csvCell('say "hi"', 'text')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', 'text')).toBe('"two\nlines"');
    expect(csvCell('Ñoño', 'text')).toBe('Ñoño');
    expect(csvCell(null, 'text')).toBe('');
  });

  it('writes money as pesos with two decimals, a negative amount as a number', () => {
    expect(csvCell(123_456, 'money')).toBe('1234.56');
    expect(csvCell(-5, 'money')).toBe('-0.05');
    expect(csvCell(7, 'count')).toBe('7');
    // A text column never lets a number-looking formula through.
    expect(csvCell('-0.05', 'text')).toBe("'-0.05");
  });

  it('streams the header and rows batch by batch, after a byte-order mark', async () => {
    let asked = 0;
    async function* rows() {
      for (let batch = 0; batch < 3; batch++) {
        asked++;
        yield [{ name: `=cmd${batch}`, amount: batch * 100 }];
      }
    }
    const stream = csvStream(
      [
        { key: 'name', title: 'Name', kind: 'text' },
        { key: 'amount', title: 'Amount (₱)', kind: 'money' },
      ],
      rows(),
    );
    expect(stream).toBeInstanceOf(Readable);
    expect(asked).toBe(0);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(`${BOM}Name,Amount (₱)\r\n'=cmd0,0.00\r\n'=cmd1,1.00\r\n'=cmd2,2.00\r\n`);
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});
