import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeApplicationFor } from '../../db/seed/complete-application';
import { Channel } from '../../../shared/contracts/bank-binding';
import { manilaToday } from '../../../shared/format/date';
import {
  borrowers,
  legacyRepayRecords,
  legacyRepayTokens,
  loanOrders,
  otpCodes,
  payments,
  payoutAccounts,
  payRequests,
} from '../../db/schema';
import { seedProducts } from '../../db/seed/seed-products';
import { addDays } from '../../domain/loan';
import { orderFor } from '../../test/orders';
import { authHeader, buildTestApp } from '../../test/test-app';
import { newBorrower } from '../../test/test-borrowers';
import { decide, disburse, submitApplication } from '../../money';
import { debitReference } from './legacy-repayment-service';
import { REPAY_TOKENS_PER_HOUR } from './repay-tokens';

const t = await buildTestApp({ seed: false });
const { db } = t.database;
await seedProducts(db);
// A: a due loan (89 days into its 91-day term) and an application under review, paid out to their GCash.
const aDue = await orderFor(db, 'disbursed', { daysAgo: 89 });
const A_ORDER_ID = aDue.orderId;
const A_PHONE = aDue.phone;
const aReview = await orderFor(db, 'review', { borrowerId: aDue.borrowerId });
// B: a loan of 10 days, and no payout account yet (the test below gives them a bank account).
const bId = await newBorrower(db, 'B Borrower', { applied: false });
await completeApplicationFor(db, bId, { payout: false });
const bLoan = await orderFor(db, 'disbursed', { daysAgo: 10, borrowerId: bId });
const OTHER_ORDER_ID = bLoan.orderId;
const a = await t.login(A_PHONE);
const b = await t.login(bLoan.phone);

const base = '/owner/service/loan';
function call(
  token: string,
  path: string,
  fields: Record<string, string | number>,
  extraHeaders: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...authHeader(token), 'content-type': 'application/x-www-form-urlencoded', ...extraHeaders },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  });
}

interface Way {
  alipay: number;
  repayToken: string;
  bankCards: { id: number; bankName: string; cardNo: string; bankCode: string }[];
  amountDue: number;
}

let phoneSeq = 0;
/** A borrower of its own: one loan disbursed 80 days ago, one GCash wallet (a number ending 0002 is declined by the sandbox). */
async function borrowerWithLoan(walletNo = '09170000555') {
  phoneSeq += 1;
  const phone = `0917555${String(1000 + phoneSeq).slice(-4)}`;
  const [borrower] = await db.insert(borrowers).values({ phone, fullName: 'Lea Test' }).returning();
  if (!borrower) throw new Error('no borrower');
  await db.insert(payoutAccounts).values({
    borrowerId: borrower.id,
    cardType: 1,
    channelNumber: Channel.GCASH,
    accountName: 'Lea Test',
    accountNo: walletNo,
    fields: {},
  });
  await completeApplicationFor(db, borrower.id);
  const start = addDays(manilaToday(), -80);
  const order = await submitApplication(db, { borrowerId: borrower.id, productId: 1, amount: 500_000 }, start);
  await decide(db, order.id, { approve: true, actor: 'test' }, start);
  await disburse(db, order.id, 'test', start, manilaToday());
  return { token: await t.login(phone), orderId: order.id, phone };
}

async function way(token: string, orderId: number): Promise<Way> {
  const res = await call(token, 'repayment-way', { orderId });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as Way;
}

function commitFields(w: Way, orderId: number, overrides: Record<string, string | number> = {}) {
  const card = w.bankCards[0];
  if (!card) throw new Error('no card');
  return {
    amount: w.amountDue,
    bankName: card.bankName,
    cardId: card.id,
    cardNo: card.cardNo,
    couponId: '',
    orderId,
    repayToken: w.repayToken,
    bankCode: card.bankCode,
    sendMsg: 0,
    ...overrides,
  };
}

const postingsOf = (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId));
const statusOf = async (orderId: number) =>
  (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, orderId) }))?.status;

async function latestRepayCode(phone: string): Promise<string> {
  const res = await t.app.inject({ url: `/owner/dev/sms-outbox?phone=${phone}` });
  const code = /\d{6}/.exec(res.json().data.messages[0]?.body ?? '')?.[0];
  if (!code) throw new Error('no code sent');
  return code;
}

/** Lets the 60 s resend wait pass, as if the borrower came back later. */
const forgetRecentCodes = (phone: string) =>
  db.update(otpCodes).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(otpCodes.phone, phone));

/** Commits with the code the server asks for and confirms it: the whole legacy journey. */
async function payWithCode(who: { token: string; orderId: number; phone: string }) {
  await forgetRecentCodes(who.phone);
  const w = await way(who.token, who.orderId);
  const commit = await call(who.token, 'repayment-commit', commitFields(w, who.orderId, { sendMsg: 0 }));
  expect(commit.json()).toMatchObject({ code: 0, data: { needValid: 1 } });
  const repaymentRecordId = commit.json().data.repayRecordId as number;
  const confirm = await call(who.token, 'repayment-confirm', {
    orderId: who.orderId,
    verifyCode: await latestRepayCode(who.phone),
    repaymentRecordId,
  });
  return { w, repaymentRecordId, confirm };
}

describe('spec 000 §7 repayment-way', () => {
  it('spec 000 §7: each opening stores a token, so 40 at once for one borrower store at most 30 (the hourly cap); the rest get 429', async () => {
    const { token, orderId } = await borrowerWithLoan();
    const replies = await Promise.all(Array.from({ length: 40 }, () => call(token, 'repayment-way', { orderId })));
    const ok = replies.filter((r) => r.json().code === 0);
    expect(ok).toHaveLength(REPAY_TOKENS_PER_HOUR);
    const refused = replies.find((r) => r.json().code !== 0);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().message).toMatch(/^The repayment page was opened too many times\. Please try again in /);
    const stored = await db.select().from(legacyRepayTokens).where(eq(legacyRepayTokens.orderId, orderId));
    expect(stored).toHaveLength(REPAY_TOKENS_PER_HOUR);
  });

  it("lists the borrower's own cards (masked), alipay 0, a token and the amount due", async () => {
    const w = await way(a, A_ORDER_ID);
    expect(w.alipay).toBe(0);
    expect(w.repayToken.length).toBeGreaterThanOrEqual(40);
    expect(w.bankCards).toEqual([
      expect.objectContaining({ bankName: 'GCash', cardNo: `•••• ${A_PHONE.slice(-4)}`, bankCode: 'GCASH' }),
    ]);
    expect(w.amountDue).toBeGreaterThan(0);
    const stored = await db.select().from(legacyRepayTokens);
    expect(stored.some((row) => row.tokenHash === w.repayToken)).toBe(false); // only the hash is kept
  });

  it("another borrower's order is not found, and an order with nothing to repay is refused", async () => {
    expect((await call(b, 'repayment-way', { orderId: A_ORDER_ID })).json().code).toBe(40400);
    expect((await call(a, 'repayment-way', { orderId: OTHER_ORDER_ID })).json().code).toBe(40400);
    expect((await call(a, 'repayment-way', { orderId: aReview.orderId })).json().code).toBe(40900); // under review
    expect((await call(a, 'repayment-way', { orderId: 'x' })).json()).toMatchObject({
      code: 40000,
      data: { field: 'orderId' },
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${base}/repayment-way`,
      payload: { orderId: String(A_ORDER_ID) },
    });
    expect(anonymous.json().code).toBe(40100);
  });
});

describe('spec 000 §4, §7 the server decides the amount and the code; the loan moves only on the provider’s confirmation', () => {
  it('asks for a code even when the page sends sendMsg=0; nothing is posted before the provider confirms the charge', async () => {
    const who = await borrowerWithLoan();
    const { repaymentRecordId, confirm, w } = await payWithCode(who);
    expect(confirm.json()).toMatchObject({ code: 0, data: { repayRecordId: repaymentRecordId } });
    const [request] = await db
      .select()
      .from(payRequests)
      .where(eq(payRequests.reference, debitReference({ id: repaymentRecordId })));
    expect(request).toMatchObject({ status: 'paid', amount: w.amountDue, provider: 'sandbox' });
    const posted = await postingsOf(who.orderId);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      provider: 'sandbox',
      reference: debitReference({ id: repaymentRecordId }),
      amount: w.amountDue,
    });
    expect(await statusOf(who.orderId)).toBe(200);
  });

  it('a charge the provider declines posts nothing and leaves the loan as it was', async () => {
    const who = await borrowerWithLoan('09170000002');
    const before = await statusOf(who.orderId);
    const { repaymentRecordId, confirm } = await payWithCode(who);
    expect(confirm.json().code).toBe(0);
    const [request] = await db
      .select()
      .from(payRequests)
      .where(eq(payRequests.reference, debitReference({ id: repaymentRecordId })));
    expect(request?.status).toBe('failed');
    expect(await postingsOf(who.orderId)).toHaveLength(0);
    expect(await statusOf(who.orderId)).toBe(before);
  });

  it('an amount other than what is due now is refused (the page address cannot set it) and spends nothing', async () => {
    const who = await borrowerWithLoan();
    const w = await way(who.token, who.orderId);
    for (const amount of [5_000, w.amountDue + 1]) {
      const res = await call(who.token, 'repayment-commit', commitFields(w, who.orderId, { amount }));
      expect(res.json()).toMatchObject({ code: 40000, data: { field: 'amount' } });
      expect(res.json().message).toMatch(/amount due now is/);
    }
    expect((await call(who.token, 'repayment-commit', commitFields(w, who.orderId))).json().code).toBe(0);
  });

  it('an account the provider has charged before needs no code; one token, 50 concurrent commits: one charge, 49 × 800005', async () => {
    const who = await borrowerWithLoan();
    // A first charge with the code makes the account known; a second loan then repays without one.
    const first = await payWithCode(who);
    expect(first.confirm.json().code).toBe(0);
    const [borrower] = await db.select().from(borrowers).where(eq(borrowers.phone, who.phone));
    const start = addDays(manilaToday(), -80);
    const second = await submitApplication(db, { borrowerId: borrower!.id, productId: 1, amount: 500_000 }, start);
    await decide(db, second.id, { approve: true, actor: 'test' }, start);
    await disburse(db, second.id, 'test', start, manilaToday());
    const fields = commitFields(await way(who.token, second.id), second.id, { sendMsg: 1 });
    const replies = await Promise.all(Array.from({ length: 50 }, () => call(who.token, 'repayment-commit', fields)));
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 800005)).toHaveLength(49);
    expect(replies.find((r) => r.json().code === 0)?.json().data.needValid).toBe(0);
    expect(await postingsOf(second.id)).toHaveLength(1);
    expect(await statusOf(second.id)).toBe(200);
  });

  it('bad input is refused with the field named, changes nothing, and leaves the token usable', async () => {
    const who = await borrowerWithLoan();
    const w = await way(who.token, who.orderId);
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
      const res = await call(who.token, 'repayment-commit', commitFields(w, who.orderId, { [field]: value }));
      expect(res.json(), `${field}=${value}`).toMatchObject({ code: 40000, data: { field } });
    }
    const wrongCardNo = await call(
      who.token,
      'repayment-commit',
      commitFields(w, who.orderId, { cardNo: '•••• 9999' }),
    );
    expect(wrongCardNo.json()).toMatchObject({ code: 40000, data: { field: 'cardNo' } });
    expect(await db.select().from(legacyRepayRecords)).toHaveLength(records);
    expect((await call(who.token, 'repayment-commit', commitFields(w, who.orderId))).json().code).toBe(0);
  });

  it('an expired token is refused and records nothing', async () => {
    const who = await borrowerWithLoan();
    const w = await way(who.token, who.orderId);
    await db.update(legacyRepayTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(sql`used_at is null`);
    const res = await call(who.token, 'repayment-commit', commitFields(w, who.orderId));
    expect(res.json()).toMatchObject({ code: 40000, data: { field: 'repayToken' } });
    expect(res.json().message).toMatch(/open it again/);
  });
});

describe('spec 000 §4 repayment-confirm', () => {
  it('a wrong code gets 800006 and charges nothing; the right one charges once; confirming again gets 800005', async () => {
    const who = await borrowerWithLoan();
    await forgetRecentCodes(who.phone);
    const commit = await call(
      who.token,
      'repayment-commit',
      commitFields(await way(who.token, who.orderId), who.orderId),
    );
    const repaymentRecordId = commit.json().data.repayRecordId as number;
    const code = await latestRepayCode(who.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call(who.token, 'repayment-confirm', {
      orderId: who.orderId,
      verifyCode: wrong,
      repaymentRecordId,
    });
    expect(bad.json()).toMatchObject({ code: 800006, message: 'Verification code error' });
    const short = await call(who.token, 'repayment-confirm', {
      orderId: who.orderId,
      verifyCode: '12345',
      repaymentRecordId,
    });
    expect(short.json()).toMatchObject({ code: 40000, data: { field: 'verifyCode' } });
    expect(await db.select().from(payRequests).where(eq(payRequests.orderId, who.orderId))).toHaveLength(0);

    const ok = await call(who.token, 'repayment-confirm', {
      orderId: who.orderId,
      verifyCode: code,
      repaymentRecordId,
    });
    expect(ok.json()).toMatchObject({ code: 0, data: { repayRecordId: repaymentRecordId } });
    expect(await postingsOf(who.orderId)).toHaveLength(1);
    const twice = await call(who.token, 'repayment-confirm', {
      orderId: who.orderId,
      verifyCode: code,
      repaymentRecordId,
    });
    expect(twice.json().code).toBe(800005);
    expect(await postingsOf(who.orderId)).toHaveLength(1);
  });

  it('the repayment code’s SMS is in the language of the page that asked for it (Filipino here)', async () => {
    const who = await borrowerWithLoan();
    await forgetRecentCodes(who.phone);
    const fil = { 'accept-language': 'fil' };
    const commit = await call(
      who.token,
      'repayment-commit',
      commitFields(await way(who.token, who.orderId), who.orderId),
      fil,
    );
    expect(commit.json().code).toBe(0);
    const outbox = await t.app.inject({ method: 'GET', url: `/owner/dev/sms-outbox?phone=${who.phone}` });
    expect(outbox.json().data.messages[0].body).toMatch(/para kumpirmahin ang bayad mo/);
  });

  it('the code can be sent again after 60 s, not before', async () => {
    const who = await borrowerWithLoan();
    await forgetRecentCodes(who.phone);
    const commit = await call(
      who.token,
      'repayment-commit',
      commitFields(await way(who.token, who.orderId), who.orderId),
    );
    const repaymentRecordId = commit.json().data.repayRecordId as number;
    const tooSoon = await call(who.token, 'repayment-resend-code', { orderId: who.orderId, repaymentRecordId });
    expect(tooSoon.json().code).toBe(42204);
    await forgetRecentCodes(who.phone);
    const resent = await call(who.token, 'repayment-resend-code', { orderId: who.orderId, repaymentRecordId });
    expect(resent.json()).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });
    const ok = await call(who.token, 'repayment-confirm', {
      orderId: who.orderId,
      verifyCode: await latestRepayCode(who.phone),
      repaymentRecordId,
    });
    expect(ok.json().code).toBe(0);
  });
});

describe('one borrower cannot use another borrower’s order, token or card', () => {
  it("B cannot commit with A's token, A's order or A's card; B cannot confirm A's record", async () => {
    const aWay = await way(a, A_ORDER_ID);
    const aCard = aWay.bankCards[0];
    if (!aCard) throw new Error('no card');
    const stolen = await call(b, 'repayment-commit', commitFields(aWay, A_ORDER_ID));
    expect(stolen.json()).toMatchObject({ code: 40000, data: { field: 'repayToken' } });

    await db.insert(payoutAccounts).values({
      borrowerId: bId,
      cardType: 2,
      channelNumber: 90008,
      accountName: 'B Borrower',
      accountNo: '001234567890',
      fields: { bankCode: 'BDO' },
    });
    const bWay = await way(b, OTHER_ORDER_ID);
    expect(bWay.bankCards).toEqual([
      { id: expect.any(Number), bankName: 'BDO Unibank', cardNo: '•••• 7890', bankCode: 'BDO' },
    ]);
    expect((await call(b, 'repayment-commit', commitFields(bWay, A_ORDER_ID))).json().code).toBe(40300);
    const aCardForB = await call(
      b,
      'repayment-commit',
      commitFields(bWay, OTHER_ORDER_ID, { cardId: aCard.id, cardNo: aCard.cardNo }),
    );
    expect(aCardForB.json()).toMatchObject({ code: 40400, data: { field: 'cardId' } });
    expect((await call(b, 'repayment-commit', commitFields(bWay, OTHER_ORDER_ID))).json().code).toBe(0);

    await forgetRecentCodes(A_PHONE);
    const pending = await call(a, 'repayment-commit', commitFields(await way(a, A_ORDER_ID), A_ORDER_ID));
    const repaymentRecordId = pending.json().data.repayRecordId as number;
    const cross = await call(b, 'repayment-confirm', {
      orderId: A_ORDER_ID,
      verifyCode: await latestRepayCode(A_PHONE),
      repaymentRecordId,
    });
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
    const ok = await call(a, 'repayment-huichao', { userId: me, orderId: A_ORDER_ID, amount: 10_000 });
    expect(ok.json()).toMatchObject({ code: 0, data: { url: `/repay?productId=1&orderId=${A_ORDER_ID}` } });
    const other = await call(a, 'repayment-huichao', { userId: `${me}9`, orderId: A_ORDER_ID, amount: 10_000 });
    expect(other.json()).toMatchObject({ code: 40300, data: { field: 'userId' } });
    const notMine = await call(a, 'repayment-huichao', { userId: me, orderId: OTHER_ORDER_ID, amount: 10_000 });
    expect(notMine.json().code).toBe(40400);
  });
});
