import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../shared/api/define-call';
import { API_BASE } from '../../shared/constants';
import { loanOrders } from '../db/schema';
import { seedProducts } from '../db/seed/seed-products';
import { buildComplaintsApp, postForm, signIn, uploadedUrl } from '../test/complaint-support';
import { callsOf } from '../http/register-call';
import { snapshot } from './db-snapshot';
import { manilaToday } from '../../shared/format/date';
import { postPayment } from '../money';
import { shapeOf } from './malformed-inputs';
import { orderFor } from '../test/orders';

/**
 * Object-level authorization: borrower A signs in and uses borrower B's ids on every
 * call that takes one. The table is checked against the app: a borrower call with an id-like
 * field that is in neither table fails the test, so a new call cannot be forgotten.
 */
const t = await buildComplaintsApp({}, { seed: false });
const db = t.database.db;
await seedProducts(db);
// Each with a due loan; B's name is looked for in A's answers.
const aLoan = await orderFor(db, 'disbursed', { daysAgo: 89 });
const bLoan = await orderFor(db, 'disbursed', { daysAgo: 89, fullName: 'Rosa Legaspi' });
const a = await signIn(t, aLoan.phone);
const b = await signIn(t, bLoan.phone);

// B's things, made through B's own calls.
const bBorrower = { id: bLoan.borrowerId };
const bOrder = (await db.query.loanOrders.findFirst({ where: eq(loanOrders.id, bLoan.orderId) }))!;
const bImage = await uploadedUrl(t, b);
const bComplaint = await postForm(t, '/owner/user-problem/problem-save', b, {
  problemType: 2,
  problemDetail: 'My repayment does not show yet, please check it for me.',
  problemImage: bImage,
  orderNo: bOrder.orderNo,
});
const bProblemId = bComplaint.body.data.problemId as number;
const bWay = await postForm(t, '/owner/service/loan/repayment-way', b, { orderId: bOrder.id });
const bCard = bWay.body.data.bankCards[0] as { id: number; bankName: string; cardNo: string; bankCode: string };
const bCardId = bCard.id;
const bCommit = await postForm(t, '/owner/service/loan/repayment-commit', b, {
  orderId: bOrder.id,
  amount: bWay.body.data.amountDue,
  bankName: bCard.bankName,
  cardId: bCardId,
  cardNo: bCard.cardNo,
  repayToken: bWay.body.data.repayToken,
  bankCode: bCard.bankCode,
  sendMsg: 1,
});
const bRecordId = bCommit.body.data.repayRecordId as number;
// A payment on B's loan, for its receipt.
const bPayment = await postPayment(
  db,
  {
    orderId: bOrder.id,
    provider: 'manual',
    reference: `AUTHZ-B-${bOrder.id}`,
    amount: 10_000,
    kind: 'repayment',
    postedBy: 'test',
  },
  manilaToday(),
);

/** Call name → A's request carrying B's ids. */
const OWNED: Record<string, () => Record<string, string | number>> = {
  'complaints.init': () => ({ orderId: bOrder.id }),
  'complaints.save': () => ({
    problemType: 2,
    problemDetail: 'Using the ids of another borrower here.',
    problemImage: bImage,
    orderNo: bOrder.orderNo,
  }),
  'complaints.detail': () => ({ problemId: bProblemId }),
  'complaints.saveScore': () => ({ problemId: bProblemId, score: 5 }),
  'complaints.followUp': () => ({ problemId: bProblemId, problemDetail: 'Answering the reply of another borrower.' }),
  'legacyRepayment.way': () => ({ orderId: bOrder.id }),
  'legacyRepayment.commit': () => ({
    orderId: bOrder.id,
    amount: bWay.body.data.amountDue,
    bankName: bCard.bankName,
    cardId: bCardId,
    cardNo: bCard.cardNo,
    repayToken: bWay.body.data.repayToken,
    bankCode: bCard.bankCode,
    sendMsg: 1,
  }),
  'legacyRepayment.confirm': () => ({ orderId: bOrder.id, repaymentRecordId: bRecordId, verifyCode: '123456' }),
  'legacyRepayment.resendCode': () => ({ orderId: bOrder.id, repaymentRecordId: bRecordId }),
  'loanDetails.details': () => ({ orderId: bOrder.id }),
  'loanDetails.detailsPost': () => ({ orderId: bOrder.id }),
  'amountExplained.explain': () => ({ orderId: bOrder.id }),
  'loanAgreements.document': () => ({ productId: bOrder.productId, position: 1, orderId: bOrder.id }),
  'loanDisclosure.list': () => ({ orderId: bOrder.id }),
  'loanDisclosure.accept': () => ({ orderId: bOrder.id, quoteId: 'a'.repeat(32) }),
  'loanDisclosure.decline': () => ({ orderId: bOrder.id }),
  'records.order': () => ({ orderId: bOrder.id }),
  'records.receipt': () => ({ orderId: bOrder.id, paymentId: bPayment.paymentId }),
  'records.certificate': () => ({ orderId: bOrder.id }),
  'repayment.installmentDetail': () => ({ orderId: bOrder.id }),
  'repayment.delayDetail': () => ({ orderId: bOrder.id }),
  'repayment.payRequest': () => ({ orderId: bOrder.id, amount: 10_000, channelNumber: 91001 }),
  'legacyRepayment.huichao': () => ({ userId: String(bBorrower.id), orderId: bOrder.id, amount: 10_000 }),
  'creditTransfers.apply': () => ({ orderId: bOrder.id, toOrderId: bOrder.id + 1 }),
  'messages.list': () => ({ orderId: bOrder.id }),
};

/** Borrower calls with an id-like field that names nothing a borrower owns, and why. */
const NOT_OWNED: Record<string, string> = {
  'bankBinding.cardInit': 'product_id names a public loan product',
  'bankBinding.bind': 'product_id names a public loan product; the account bound is always the caller’s own',
  'bankBinding.bindFromLoan': 'product_id names a public loan product; the account bound is always the caller’s own',
  'complaints.uploadImage': 'creates a new image owned by the caller',
  'application.uploadPhoto':
    'creates a new identity picture owned by the caller (application.test.ts: B cannot use A’s)',
  'loanConfirm.detail': 'productId names a public loan product',
  'loanConfirm.push':
    'productId names a public loan product; quoteId names priced terms, not an object; the order made is the caller’s',
  'loanDetails.eventSave': 'productId names a public loan product; the event is recorded as the caller’s',
  'loanAgreements.list': 'productId names a public loan product',
  'loanAgreements.jump': 'answers an address only; the document it names checks the order (loanAgreements.document)',
  'jointLogin.failureInfo': 'productId names a public loan product',
  'jointLogin.productJump': 'productId names a public loan product',
};

const ID_LIKE = /(^id$|Id$|_id$|^orderNo$|Image$|Images$|Token$)/;
const idFields = (call: CallDef) =>
  (call.multipart ? ['problemImage'] : Object.keys(shapeOf(call.request).properties)).filter((f) => ID_LIKE.test(f));

describe('Borrower A cannot reach borrower B’s objects', () => {
  it('every borrower call that takes an id is in the table', () => {
    const borrowerCalls = callsOf(t.app).filter((c) => c.auth && !c.staffRole && idFields(c).length > 0);
    const missing = borrowerCalls.map((c) => c.name).filter((name) => !(name in OWNED) && !(name in NOT_OWNED));
    expect(missing).toEqual([]);
    expect(Object.keys(OWNED).length).toBeGreaterThanOrEqual(9);
  });

  it('B made its objects (the setup worked), so the refusals below mean something', () => {
    expect(bComplaint.body.code).toBe('00');
    expect(bWay.body.code).toBe(0);
    expect(bCommit.body.code).toBe(0);
  });

  it.each(Object.keys(OWNED))('%s with B’s ids is refused and changes nothing', async (name) => {
    const call = callsOf(t.app).find((c) => c.name === name)!;
    const before = await snapshot(db);
    const res =
      call.method === 'GET'
        ? await t.app.inject({
            method: 'GET',
            url: API_BASE + call.path,
            query: Object.fromEntries(Object.entries(OWNED[name]!()).map(([k, v]) => [k, String(v)])),
            headers: a,
          })
        : await postForm(t, API_BASE + call.path, a, OWNED[name]!());
    const body =
      'body' in res && typeof res.body === 'object' ? res.body : JSON.parse(String((res as { body: string }).body));
    expect(body.code, JSON.stringify(body)).not.toBe(call.success);
    expect(JSON.stringify(body)).not.toContain(bOrder.orderNo);
    expect(JSON.stringify(body)).not.toContain('Rosa');
    expect(await snapshot(db)).toEqual(before);
  });

  it('messages.list with B’s order answers exactly as records.order does (a missing order), and A’s own still lists', async () => {
    const get = (path: string, orderId: number) =>
      t.app.inject({ method: 'GET', url: `${API_BASE}${path}`, query: { orderId: String(orderId) }, headers: a });
    const messages = (await get('/v3/messages', bOrder.id)).json();
    const records = (await get('/v3/records/order', bOrder.id)).json();
    expect({ code: messages.code, message: messages.message }).toEqual({
      code: records.code,
      message: records.message,
    });
    expect((await get('/v3/messages', aLoan.orderId)).json().code).toBe(0);
  });

  it('GET /owner/files/:name: B’s picture answers A like a missing one', async () => {
    const res = await t.app.inject({ method: 'GET', url: bImage, headers: a });
    expect(res.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: bImage, headers: b });
    expect(own.statusCode).toBe(200);
  });
});
