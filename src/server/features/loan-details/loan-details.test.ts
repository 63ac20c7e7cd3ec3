import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { appRatings, borrowerEvents, borrowers } from '../../db/schema';
import { manilaToday } from '../../../shared/format/date';
import { authHeader, buildTestApp } from '../../test/test-app';
import { postPayment } from '../loan-order/payment-posting';

const t = await buildTestApp();
const a = authHeader(await t.login('09170000001'));
const details = (orderId: number, headers = a) =>
  t.app
    .inject({ method: 'GET', url: `/owner/v3/loan-details/loan-details?orderId=${orderId}`, headers })
    .then((r) => r.json());
const post = (path: string, body: Record<string, string | number>) =>
  t.app
    .inject({
      method: 'POST',
      url: `/owner${path}`,
      headers: { ...a, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    })
    .then((r) => r.json());

describe('spec 001 §3, §4, §7 loan details', () => {
  it.each([
    [80, 21, 'Under review', 0],
    [81, 151, 'Not approved', 0],
    [82, 110, 'Approved', 0],
    [85, 200, 'Settled', 0],
  ])('order %i answers status %i with its notice', async (orderId, status, notice) => {
    const res = await details(orderId);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      orderId,
      orderStatus: status,
      noticeStatusText: notice,
      productName: 'Hiram Cash',
      playeduL: '',
    });
    expect(res.data.userOrderDetail.detail[0].text).toBe('Contract number');
  });

  it('money paid over what was owed is shown to the borrower as their credit', async () => {
    const before = await details(83);
    expect(before.data.userOrderDetail.detail.map((r: { text: string }) => r.text)).not.toContain(
      'Your credit (paid over what was owed)',
    );
    const payoff = Number(String(before.data.userOrderDetail.detail.at(-1).value).replace(/[^\d]/g, ''));
    await postPayment(
      t.database.db,
      {
        orderId: 83,
        provider: 'sandbox',
        reference: 'CREDIT-SHOWN',
        amount: payoff + 12_345,
        kind: 'repayment',
        postedBy: 'test',
      },
      manilaToday(),
    );
    const after = await details(83);
    expect(after.data.orderStatus).toBe(200);
    expect(after.data.userOrderDetail.detail).toContainEqual({
      text: 'Your credit (paid over what was owed)',
      value: '₱123.45',
    });
  });

  it('architecture.md: Order states: a due loan that may be extended says isDelay 1 and carries the Kind tips', async () => {
    const res = await details(86);
    expect(res.data.orderStatus).toBe(174);
    expect(res.data.isDelay).toBe(1);
    expect(res.data.reyMsg).toBe('Short of money?');
    expect(res.data.KindTipsMsg).toMatch(/official|channels/);
  });

  it('the rating dialog is asked for on a settled loan until the borrower rates; the stars chosen are stored', async () => {
    expect((await details(85)).data.isScore).toBe('1');
    expect((await post('/v3/loan-details/google-score', { score: 0 })).code).toBe(Code.BAD_REQUEST);
    expect((await post('/v3/loan-details/google-score', { score: 3 })).code).toBe(0);
    const borrower = await t.database.db.query.borrowers.findFirst({ where: eq(borrowers.phone, '09170000001') });
    expect(
      (await t.database.db.query.appRatings.findFirst({ where: eq(appRatings.borrowerId, borrower!.id) }))?.score,
    ).toBe(3);
    expect((await details(85)).data.isScore).toBe('0');
  });

  it('spec 001 §7 event save records Borrow Again (moduleId 30, positionId 0)', async () => {
    expect((await post('/service/event/save', { productId: 1, moduleId: 30, positionId: 0 })).code).toBe(0);
    const rows = await t.database.db.select().from(borrowerEvents);
    expect(rows.at(-1)).toMatchObject({ productId: 1, moduleId: 30, positionId: 0 });
  });

  it('another borrower’s order answers not found', async () => {
    expect((await details(90)).code).toBe(Code.NOT_FOUND);
  });
});

describe('spec 001 §2.1, §3, §7 the missing parts of loan details', () => {
  it('is served by POST too, with success, inside and h5Url', async () => {
    const res = await post('/v3/loan-details/loan-details', { orderId: 86, productId: 1 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      success: true,
      inside: 1,
      h5Url: '/loanDetail?productId=1&orderId=86',
      orderId: 86,
    });
    expect((await details(86)).data.h5Url).toBe('/loanDetail?productId=1&orderId=86');
  });

  it('recommends the other products the borrower can apply for, each with its range, rate and label', async () => {
    const res = await details(86);
    expect(res.data.loanMarket).toBe(0);
    expect(res.data.recProducts.length).toBeGreaterThan(0);
    for (const p of res.data.recProducts) {
      expect(p.productId).not.toBe(1);
      expect(p).toMatchObject({ enabled: 1, buttonText: 'Apply', rangeDesc: 'Loan amount' });
      expect(p.range).toMatch(/^₱[\d,]+\.\d{2} – ₱[\d,]+\.\d{2}$/);
      expect(p.rate).toMatch(/% interest per day$/);
    }
  });

  it('our reading of the withdraw reminder: approved, on its way to the named (masked) account, by when', async () => {
    const res = await details(82);
    expect(res.data.orderStatus).toBe(110);
    expect(res.data.withdrawTitle).toBe('Your money is on its way');
    expect(res.data.withdrawMsg).toMatch(
      /^Your loan is approved\. ₱[\d,]+\.\d{2} is being sent to your GCash •••• 0001\. It arrives within 1 to 3 calendar days, by \d{4}-\d{2}-\d{2} at the latest\.$/,
    );
    expect(res.data.withdrawMsg).not.toContain('09170000001');
    expect((await details(86)).data.withdrawMsg).toBeUndefined();
  });

  it('shows the telephone from the configuration', async () => {
    expect((await details(86)).data.telephone).toBe(t.config.LENDER_PHONE);
  });
});

describe('spec 001 §3, §4 playeduL and the loan-market flag come from the configuration', async () => {
  const configured = await buildTestApp({
    env: { ORDER_REDIRECT_URL: 'https://hiram.ph/promo', LOAN_MARKET_FLAG: '1' },
  });
  const headers = authHeader(await configured.login('09170000001'));
  it('answers the configured playeduL and loanMarket 1', async () => {
    const res = (
      await configured.app.inject({ url: '/owner/v3/loan-details/loan-details?orderId=86', headers })
    ).json();
    expect(res.data).toMatchObject({ playeduL: 'https://hiram.ph/promo', loanMarket: 1 });
  });
});
