import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowers, legacyRepayRecords, legacyRepayTokens, otpCodes, payments, payoutAccounts } from '../../db/schema';
import { DEMO_ORDER_ID, DEMO_PHONE, OTHER_DEMO_PHONE } from '../../db/seed/demo';
import { authHeader, buildTestApp } from '../../test/test-app';
import { LEGACY_PROVIDER } from './legacy-repayment-service';

const t = await buildTestApp();
const { db } = t.database;
const a = await t.login(DEMO_PHONE);
const b = await t.login(OTHER_DEMO_PHONE);
const OTHER_ORDER_ID = 90;

const base = '/owner/service/loan';
function call(token: string, path: string, fields: Record<string, string | number>) {
  return t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...authHeader(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  });
}

interface Way {
  alipay: number;
  repayToken: string;
  bankCards: { id: number; bankName: string; cardNo: string; bankCode: string }[];
  amountDue: number;
}

async function way(token = a, orderId = DEMO_ORDER_ID): Promise<Way> {
  const res = await call(token, 'repayment-way', { orderId });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as Way;
}

async function commitFields(w: Way, overrides: Record<string, string | number> = {}) {
  const card = w.bankCards[0];
  if (!card) throw new Error('no card');
  return {
    amount: 10_000,
    bankName: card.bankName,
    cardId: card.id,
    cardNo: card.cardNo,
    couponId: '',
    orderId: DEMO_ORDER_ID,
    repayToken: w.repayToken,
    bankCode: card.bankCode,
    sendMsg: 0,
    ...overrides,
  };
}

const legacyPayments = () => db.select().from(payments).where(eq(payments.provider, LEGACY_PROVIDER));

async function latestRepayCode(phone: string): Promise<string> {
  const res = await t.app.inject({ url: `/owner/dev/sms-outbox?phone=${phone}` });
  const code = /\d{6}/.exec(res.json().data.messages[0]?.body ?? '')?.[0];
  if (!code) throw new Error('no code sent');
  return code;
}

/** Lets the 60 s resend wait pass, as if the borrower came back later. */
const forgetRecentCodes = (phone: string) =>
  db.update(otpCodes).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(otpCodes.phone, phone));

describe('spec 000 §7 repayment-way', () => {
  it("lists the borrower's own cards (masked), alipay 0, a token and the amount due", async () => {
    const w = await way();
    expect(w.alipay).toBe(0);
    expect(w.repayToken.length).toBeGreaterThanOrEqual(40);
    expect(w.bankCards).toEqual([expect.objectContaining({ bankName: 'GCash', cardNo: '•••• 0001', bankCode: 'GCASH' })]);
    expect(w.amountDue).toBeGreaterThan(0);
    const stored = await db.select().from(legacyRepayTokens);
    expect(stored.some((row) => row.tokenHash === w.repayToken)).toBe(false); // only the hash is kept
  });

  it("another borrower's order is not found, and an order with nothing to repay is refused", async () => {
    expect((await call(b, 'repayment-way', { orderId: DEMO_ORDER_ID })).json().code).toBe(40400);
    expect((await call(a, 'repayment-way', { orderId: OTHER_ORDER_ID })).json().code).toBe(40400);
    expect((await call(a, 'repayment-way', { orderId: 80 })).json().code).toBe(40900); // under review
    expect((await call(a, 'repayment-way', { orderId: 'x' })).json()).toMatchObject({ code: 40000, data: { field: 'orderId' } });
    const anonymous = await t.app.inject({ method: 'POST', url: `${base}/repayment-way`, payload: { orderId: '86' } });
    expect(anonymous.json().code).toBe(40100);
  });
});

describe('spec 000 §4, §7 repayment-commit without a code (needValid 0)', () => {
  it('posts the repayment once through the loan engine; the same token again gets 800005 and posts nothing', async () => {
    const before = (await legacyPayments()).length;
    const w = await way();
    const first = await call(a, 'repayment-commit', await commitFields(w));
    expect(first.json()).toMatchObject({ code: 0, data: { needValid: 0 } });
    const recordId = first.json().data.repayRecordId as number;
    const posted = await legacyPayments();
    expect(posted).toHaveLength(before + 1);
    expect(posted.find((p) => p.reference === `LR${recordId}`)).toMatchObject({ orderId: DEMO_ORDER_ID, amount: 10_000 });
    const [record] = await db.select().from(legacyRepayRecords).where(eq(legacyRepayRecords.id, recordId));
    expect(record).toMatchObject({ status: 'posted', amount: 10_000 });

    const again = await call(a, 'repayment-commit', await commitFields(w));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ code: 800005, message: 'Do not submit the payment request twice' });
    expect(await legacyPayments()).toHaveLength(before + 1);
  });

  it('50 concurrent commits with one repayToken: one posting, 49 × 800005', async () => {
    const before = (await legacyPayments()).length;
    const fields = await commitFields(await way(), { amount: 100 });
    const replies = await Promise.all(Array.from({ length: 50 }, () => call(a, 'repayment-commit', fields)));
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 800005)).toHaveLength(49);
    expect(await legacyPayments()).toHaveLength(before + 1);
  });

  it('bad input is refused with the field named, changes nothing, and leaves the token usable', async () => {
    const w = await way();
    const records = (await db.select().from(legacyRepayRecords)).length;
    for (const [field, value] of [
      ['amount', 0],
      ['amount', -5],
      ['amount', 12.5],
      ['amount', 'lots'],
      ['sendMsg', 2],
      ['cardId', ''],
      ['repayToken', ''],
    ] as const) {
      const res = await call(a, 'repayment-commit', await commitFields(w, { [field]: value }));
      expect(res.json(), `${field}=${value}`).toMatchObject({ code: 40000, data: { field } });
    }
    const tooMuch = await call(a, 'repayment-commit', await commitFields(w, { amount: 999_999_999 }));
    expect(tooMuch.json()).toMatchObject({ code: 40000, data: { field: 'amount' } });
    const wrongCardNo = await call(a, 'repayment-commit', await commitFields(w, { cardNo: '•••• 9999' }));
    expect(wrongCardNo.json()).toMatchObject({ code: 40000, data: { field: 'cardNo' } });
    expect(await db.select().from(legacyRepayRecords)).toHaveLength(records);
    expect((await call(a, 'repayment-commit', await commitFields(w))).json().code).toBe(0);
  });

  it('an expired token is refused and posts nothing', async () => {
    const w = await way();
    await db.update(legacyRepayTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(sql`used_at is null`);
    const before = (await legacyPayments()).length;
    const res = await call(a, 'repayment-commit', await commitFields(w));
    expect(res.json()).toMatchObject({ code: 40000, data: { field: 'repayToken' } });
    expect(res.json().message).toMatch(/open it again/);
    expect(await legacyPayments()).toHaveLength(before);
  });
});

describe('spec 000 §4 repayment-commit with a code (needValid 1) and repayment-confirm', () => {
  it('sends an SMS code; a wrong code gets 800006; the right one posts once; confirming again gets 800005', async () => {
    await forgetRecentCodes(DEMO_PHONE);
    const before = (await legacyPayments()).length;
    const commit = await call(a, 'repayment-commit', await commitFields(await way(), { sendMsg: 1, amount: 2_500 }));
    expect(commit.json()).toMatchObject({ code: 0, data: { needValid: 1 } });
    const repaymentRecordId = commit.json().data.repayRecordId as number;
    expect(await legacyPayments()).toHaveLength(before); // nothing moves before the code
    const code = await latestRepayCode(DEMO_PHONE);
    const wrong = code === '000000' ? '111111' : '000000';

    const bad = await call(a, 'repayment-confirm', { orderId: DEMO_ORDER_ID, verifyCode: wrong, repaymentRecordId });
    expect(bad.json()).toMatchObject({ code: 800006, message: 'Verification code error' });
    const short = await call(a, 'repayment-confirm', { orderId: DEMO_ORDER_ID, verifyCode: '12345', repaymentRecordId });
    expect(short.json()).toMatchObject({ code: 40000, data: { field: 'verifyCode' } });
    expect(short.json().message).toContain('Enter the correct code');
    expect(await legacyPayments()).toHaveLength(before);

    const ok = await call(a, 'repayment-confirm', { orderId: DEMO_ORDER_ID, verifyCode: code, repaymentRecordId });
    expect(ok.json()).toMatchObject({ code: 0, data: { repayRecordId: repaymentRecordId } });
    expect([170, 174, 180]).toContain(ok.json().data.orderStatus);
    const posted = await legacyPayments();
    expect(posted).toHaveLength(before + 1);
    expect(posted.find((p) => p.reference === `LR${repaymentRecordId}`)?.amount).toBe(2_500);

    const twice = await call(a, 'repayment-confirm', { orderId: DEMO_ORDER_ID, verifyCode: code, repaymentRecordId });
    expect(twice.json().code).toBe(800005);
    expect(await legacyPayments()).toHaveLength(before + 1);
  });

  it('the code can be sent again after 60 s, not before', async () => {
    await forgetRecentCodes(DEMO_PHONE);
    const commit = await call(a, 'repayment-commit', await commitFields(await way(), { sendMsg: 1 }));
    const repaymentRecordId = commit.json().data.repayRecordId as number;
    const tooSoon = await call(a, 'repayment-resend-code', { orderId: DEMO_ORDER_ID, repaymentRecordId });
    expect(tooSoon.json().code).toBe(42204);
    await forgetRecentCodes(DEMO_PHONE);
    const resent = await call(a, 'repayment-resend-code', { orderId: DEMO_ORDER_ID, repaymentRecordId });
    expect(resent.json()).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });
    const code = await latestRepayCode(DEMO_PHONE);
    const ok = await call(a, 'repayment-confirm', { orderId: DEMO_ORDER_ID, verifyCode: code, repaymentRecordId });
    expect(ok.json().code).toBe(0);
  });
});

describe('DESIGN §4: one borrower cannot use another borrower’s order, token or card', () => {
  it("B cannot commit with A's token, A's order or A's card; B cannot confirm A's record", async () => {
    const aWay = await way(a);
    const aCard = aWay.bankCards[0];
    if (!aCard) throw new Error('no card');
    const before = (await legacyPayments()).length;

    // A's token and order in B's session.
    const stolen = await call(b, 'repayment-commit', await commitFields(aWay));
    expect(stolen.json().code).toBe(40000);
    expect(stolen.json().data).toMatchObject({ field: 'repayToken' });

    // B's own token, but A's order.
    const [bRow] = await db.select().from(borrowers).where(eq(borrowers.phone, OTHER_DEMO_PHONE));
    if (!bRow) throw new Error('no borrower B');
    await db.insert(payoutAccounts).values({
      borrowerId: bRow.id,
      cardType: 2,
      channelNumber: 90008,
      accountName: 'Maria Santos',
      accountNo: '001234567890',
      fields: { bankCode: 'BDO' },
    });
    const bWay = await way(b, OTHER_ORDER_ID);
    expect(bWay.bankCards).toEqual([{ id: expect.any(Number), bankName: 'BDO Unibank', cardNo: '•••• 7890', bankCode: 'BDO' }]);
    const otherOrder = await call(b, 'repayment-commit', await commitFields(bWay, { orderId: DEMO_ORDER_ID }));
    expect(otherOrder.json().code).toBe(40300);

    // B's token and order, A's card.
    const aCardForB = await call(
      b,
      'repayment-commit',
      await commitFields(bWay, { orderId: OTHER_ORDER_ID, cardId: aCard.id, cardNo: aCard.cardNo }),
    );
    expect(aCardForB.json()).toMatchObject({ code: 40400, data: { field: 'cardId' } });
    expect(await legacyPayments()).toHaveLength(before);

    // The refusals spent nothing: B's token still works with B's own card.
    const own = await call(b, 'repayment-commit', await commitFields(bWay, { orderId: OTHER_ORDER_ID }));
    expect(own.json().code).toBe(0);

    // A's pending record cannot be confirmed from B's session.
    await forgetRecentCodes(DEMO_PHONE);
    const pending = await call(a, 'repayment-commit', await commitFields(await way(a), { sendMsg: 1 }));
    const repaymentRecordId = pending.json().data.repayRecordId as number;
    const code = await latestRepayCode(DEMO_PHONE);
    const cross = await call(b, 'repayment-confirm', { orderId: DEMO_ORDER_ID, verifyCode: code, repaymentRecordId });
    expect(cross.json().code).toBe(40400);
    const [still] = await db
      .select()
      .from(legacyRepayRecords)
      .where(and(eq(legacyRepayRecords.id, repaymentRecordId), eq(legacyRepayRecords.status, 'awaiting_code')));
    expect(still).toBeDefined();
  });
});

describe('spec 000 §7 repayment-huichao', () => {
  it("answers the app's repayment page for the borrower's own order, and refuses another userId", async () => {
    const me = (await t.app.inject({ url: '/owner/v3/auth/me', headers: authHeader(a) })).json().data.userId as string;
    const ok = await call(a, 'repayment-huichao', { userId: me, orderId: DEMO_ORDER_ID, amount: 10_000 });
    expect(ok.json()).toMatchObject({ code: 0, data: { url: `/repay?productId=1&orderId=${DEMO_ORDER_ID}` } });
    const other = await call(a, 'repayment-huichao', { userId: `${me}9`, orderId: DEMO_ORDER_ID, amount: 10_000 });
    expect(other.json()).toMatchObject({ code: 40300, data: { field: 'userId' } });
    const notMine = await call(a, 'repayment-huichao', { userId: me, orderId: OTHER_ORDER_ID, amount: 10_000 });
    expect(notMine.json().code).toBe(40400);
  });
});
