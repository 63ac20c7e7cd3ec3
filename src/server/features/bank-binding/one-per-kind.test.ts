import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers, payoutAccounts } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';
import { cardsOf } from '../legacy-repayment/order-access';

const t = await buildTestApp();
const PHONE = '09175561201';
const headers = authHeader(await t.login(PHONE));

async function bind(body: Record<string, string | number>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/owner/v3/bind-card/bind-card-new',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return res.json();
}

const wallet = (walletNo: string, channel = 90006) => ({
  product_id: 1,
  cardType: 1,
  channel,
  walletNo,
  accountName: 'Lito Ramos',
  birthDate: '1990-01-02',
});
const bank = (bankAccountNo: string) => ({
  product_id: 1,
  cardType: 2,
  bankCode: 'BPI',
  bankAccountNo,
  bankCity: 'Makati City',
  accountName: 'Lito Ramos',
  birthDate: '1990-01-02',
});

async function rows() {
  const borrower = await t.database.db.query.borrowers.findFirst({ where: eq(borrowers.phone, PHONE) });
  if (!borrower) throw new Error('no borrower');
  const list = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.borrowerId, borrower.id));
  return { borrowerId: borrower.id, list };
}

describe('payout accounts: one per kind, edited in place (spec 000 §2, §5)', () => {
  it('a pasted "0918 555 0101" is kept whole as 09185550101, and +63 numbers become 09…', async () => {
    expect((await bind(wallet('0918 555 0101'))).code).toBe(0);
    expect((await rows()).list.map((r) => r.accountNo)).toEqual(['09185550101']);
    expect((await bind(wallet('+63 918-555-0102'))).code).toBe(0);
    expect((await rows()).list.map((r) => r.accountNo)).toEqual(['09185550102']);
  });

  it('saving again, or twice at once, edits the one account of that kind', async () => {
    const before = (await rows()).list[0]?.id;
    await bind(wallet('09185550103'));
    await Promise.all([bind(wallet('09185550104')), bind(wallet('09185550105'))]);
    const { list } = await rows();
    expect(list).toHaveLength(1);
    expect(list[0]?.id).toBe(before);
    expect(['09185550104', '09185550105']).toContain(list[0]?.accountNo);
  });

  it('a bank account is a second kind; the legacy card list has one card per kind, no duplicates', async () => {
    expect((await bind(bank('1234 5678 90'))).code).toBe(0);
    await bind(bank('1234567891'));
    expect((await bind(wallet('09185550106', 90007))).code).toBe(0);
    const { borrowerId, list } = await rows();
    expect(list.map((r) => [r.cardType, r.accountNo]).sort()).toEqual([
      [1, '09185550106'],
      [2, '1234567891'],
    ]);
    const cards = await cardsOf(t.database.db, borrowerId);
    expect(cards).toHaveLength(2);
    expect(new Set(cards.map((c) => c.cardNo)).size).toBe(2);
  });
});
