import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { outerColumn } from './outer-column';
import * as schema from './schema';
import { appRatings, loanOrders } from './schema';

const db = drizzle.mock({ schema });

describe('a column of the outer query inside a subquery', () => {
  it('comes out bare from Drizzle in a one-table select, and qualified through outerColumn', () => {
    const bare = db
      .select({ rated: sql`exists (select 1 from ${appRatings} r where r.borrower_id = ${loanOrders.borrowerId})` })
      .from(loanOrders)
      .where(eq(loanOrders.id, 1))
      .toSQL().sql;
    // The trap: PostgreSQL reads "borrower_id" as the rating's own column, true for any rating.
    expect(bare).toContain('r.borrower_id = "borrower_id"');
    const named = db
      .select({
        rated: sql`exists (select 1 from ${appRatings} r where r.borrower_id = ${outerColumn(loanOrders.borrowerId)})`,
      })
      .from(loanOrders)
      .where(eq(loanOrders.id, 1))
      .toSQL().sql;
    expect(named).toContain('r.borrower_id = "loan_orders"."borrower_id"');
  });

  it('is written through outerColumn everywhere in the server: no subquery names a table’s column bare', () => {
    const tables = new Set(
      Object.entries(schema)
        .filter(([, value]) => is(value, PgTable))
        .map(([name]) => name),
    );
    // The scan knows the schema's tables by the names the code uses for them.
    expect(tables).toContain('loanOrders');
    const found: string[] = [];
    const files = readdirSync('src/server', { recursive: true, encoding: 'utf8' }).map((f) => join('src/server', f));
    for (const file of files) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const template of text.matchAll(/sql(?:<[^`]*?>)?`([\s\S]*?)`/g)) {
        const body = template[1] ?? '';
        if (!/\(\s*select\b|exists\s*\(/i.test(body)) continue;
        // Columns of the tables the subquery itself reads are its own: those may stay bare.
        const own = new Set([...body.matchAll(/(?:from|join)\s+\$\{(\w+)\}/gi)].map((m) => m[1]));
        for (const column of body.matchAll(/\$\{(\w+)\.(\w+)\}/g)) {
          const table = column[1] ?? '';
          if (tables.has(table) && !own.has(table)) found.push(`${file}: ${column[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
