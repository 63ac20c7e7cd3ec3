import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { formatMoney } from '../../../shared/format/money';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
const a = authHeader(await t.login('09170000001'));
const b = authHeader(await t.login('09170000002'));
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/owner${url}`, headers }).then((r) => r.json());

describe('spec 001 §7 contract list, contract jump and the agreements themselves', () => {
  it('scene 3 lists the three agreements; the jump answers the document’s address', async () => {
    const list = await get('/v3/contract/list?productId=1&scene=3', a);
    expect(list.data.list).toEqual([
      { title: 'Loan agreement', position: 1 },
      { title: 'Disclosure statement', position: 2 },
      { title: 'Privacy notice', position: 3 },
    ]);
    const jump = await get('/v3/contract/jump?productId=1&scene=3&position=2&amount=300000', a);
    expect(jump.data.contract_url).toBe('/loanAgreement?productId=1&position=2&amount=300000');
    expect((await get('/v3/contract/jump?productId=1&scene=3&position=7', a)).code).toBe(Code.BAD_REQUEST);
  });

  it('the loan agreement of a quote carries the engine’s figures, the same as the confirm page', async () => {
    const confirm = (await get('/v3/loan-confirm/detail?productId=1&amount=300000', a)).data;
    const doc = (await get('/v3/contract/document?productId=1&position=1&amount=300000', a)).data;
    expect(doc).toMatchObject({ title: 'Loan agreement', basis: 'quote' });
    const total = confirm.details.find((r: { text: string }) => r.text === 'Total to repay').value;
    expect(doc.rows).toContainEqual({ text: 'Total to repay', value: total });
    expect(doc.rows).toContainEqual({ text: 'Principal', value: formatMoney(300_000) });
    expect(doc.parties[0]).toContain('Hiram Lending Corporation');
    const disclosure = (await get('/v3/contract/document?productId=1&position=2&amount=300000', a)).data;
    expect(disclosure.rows.map((r: { text: string }) => r.text)).toContain('Effective interest rate');
    expect(disclosure.rows).toEqual(expect.arrayContaining(confirm.disclosure));
  });

  it('RA 3765, BSP Circular 730: the disclosure statement lists the default charge, penalty rates, extension fee, prepayment and ceilings', async () => {
    const disclosure = (await get('/v3/contract/document?productId=1&position=2&amount=300000', a)).data;
    // Hiram Cash: ₱1,000 / ₱800 default charge, tiers 5%, 4%, 2% a month, a 2% extension fee, 91 days
    // (early payoff from the first day); a ₱3,000 loan taken today is under SEC MC No. 14 s.2025.
    expect(disclosure.rows).toEqual(
      expect.arrayContaining([
        {
          text: 'Default charge, once, on the first overdue day',
          value: `${formatMoney(100_000)} (${formatMoney(80_000)} for a repeat borrower)`,
        },
        { text: 'Late penalty, overdue days 1 to 30', value: '5.00% a month on the amount due' },
        { text: 'Late penalty from overdue day 91', value: '2.00% a month on the amount due' },
        { text: 'Extension fee', value: '2.00% of the outstanding principal' },
      ]),
    );
    const rows = new Map(disclosure.rows.map((r: { text: string; value: string }) => [r.text, r.value]));
    // No lock-in: early payoff from the day the money is received, interest only to the day of payment.
    expect(rows.get('Prepayment')).toMatch(
      /^Any day, from the day you receive the money; interest only to the day of payment/,
    );
    expect(rows.get('Ceilings applied')).toMatch(
      /^SEC Memorandum Circular No. 14, s.2025: .*effective rate at most 12.00% a month/,
    );
    expect(rows.get('Effective interest rate')).toMatch(/a year, compounded monthly\)$/);
    const agreement = (await get('/v3/contract/document?productId=1&position=1&amount=300000', a)).data;
    expect(JSON.stringify(agreement.sections)).toContain(
      'may extend the loan by one more term at a time by paying the interest and penalties due and an extension fee of 2.00% of the outstanding principal',
    );
    expect(JSON.stringify(agreement.sections)).toContain(
      'This loan is covered by SEC Memorandum Circular No. 14, s.2025',
    );
  });

  it('an order’s documents name its borrower and use the quote they accepted; another borrower is refused', async () => {
    // A borrower without an open loan (one open application or loan at a time).
    const c = authHeader(await t.loginApplied('09175550111'));
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/owner/v3/loan-confirm/push',
      headers: c,
      payload: { productId: '1', amount: '400000', periods: '1', termUnit: '1' },
    });
    const orderId = pushed.json().data.orderId as number;
    const mine = await get(`/v3/contract/document?productId=1&position=1&orderId=${orderId}`, c);
    expect(mine.data.basis).toBe('order');
    expect(mine.data.parties[1]).toContain('09175550111');
    expect(mine.data.rows).toContainEqual({ text: 'Principal', value: formatMoney(400_000) });
    const theirs = await get(`/v3/contract/document?productId=1&position=1&orderId=${orderId}`, b);
    expect(theirs.code).toBe(Code.NOT_FOUND);
    expect(JSON.stringify(theirs)).not.toContain('09175550111');
  });
});
