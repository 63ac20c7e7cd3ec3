import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { manilaToday } from '../../../shared/format/date';
import {
  applicationAnswers,
  borrowers,
  complaintMessages,
  complaints,
  loanOrders,
  privacyHolds,
  sessions,
  uploads,
} from '../../db/schema';
import { ledgerProblems, trialBalance } from '../../money';
import { isBlocked } from '../../privacy/holds';
import { orderFor } from '../../test/orders';
import { staffHeader } from '../../test/staff-support';
import { authHeader, buildTestApp } from '../../test/test-app';
import { appContextOf } from '../../app';
import { getCall, identityPicture, postCall, textsTo } from './privacy-support';

/** Docs/privacy.md "Erasure": what no duty keeps is erased, kept records are blocked, the books still balance. */
const t = await buildTestApp();
const db = t.database.db;
const dpo = await staffHeader(t, ['dpo']);
const today = manilaToday();

describe('Erasure that respects the duty to keep loan records', () => {
  it('erases the application, pictures and sign-ins of a borrower whose loan is settled, keeps the loan blocked, and the ledger balances', async () => {
    const loan = await orderFor(db, 'settled', { daysAgo: 40 });
    const me = authHeader(await t.login(loan.phone));
    const picture = await identityPicture(t, me);
    const name = picture.split('/').at(-1)!;
    const balanceBefore = await trialBalance(db, today, today);
    // A complaint with a conversation after staff's reply: its words are the borrower's too.
    const [complaint] = await db
      .insert(complaints)
      .values({ borrowerId: loan.borrowerId, orderNo: loan.orderNo, problemType: 2, detail: 'My payment is missing' })
      .returning({ id: complaints.id });
    await db
      .insert(complaintMessages)
      .values({ complaintId: complaint!.id, author: 'borrower', body: 'Still missing, my GCash is 09171234567' });

    const asked = await postCall(t, '/v3/privacy/request', me, { kind: 'erasure' });
    expect(asked.data).toMatchObject({ kind: 'erasure', status: 'open' });
    const answered = await postCall(t, '/admin/privacy/answer', dpo, {
      id: String(asked.data.id),
      status: 'done',
      outcome: 'Your data is erased; your loan records are kept as the law requires.',
    });
    expect(answered.code).toBe(0);
    // Told on the number they had, before it was erased.
    expect((await textsTo(t, loan.phone))[0]).toMatch(/^Hiram: Your erasure request was carried out\./);

    // Erased.
    expect(
      await db.select().from(applicationAnswers).where(eq(applicationAnswers.borrowerId, loan.borrowerId)),
    ).toEqual([]);
    expect(await db.select().from(uploads).where(eq(uploads.borrowerId, loan.borrowerId))).toEqual([]);
    const storage = appContextOf(t.app)!.storage;
    expect((await storage.get(name))?.length ?? 0).toBe(0);
    expect(await db.select().from(sessions).where(eq(sessions.borrowerId, loan.borrowerId))).toEqual([]);
    const conversation = await db
      .select({ body: complaintMessages.body })
      .from(complaintMessages)
      .where(eq(complaintMessages.complaintId, complaint!.id));
    expect(conversation).toEqual([{ body: '(erased at the borrower’s request)' }]);
    const [after] = await db.select().from(borrowers).where(eq(borrowers.id, loan.borrowerId));
    expect(after).toMatchObject({ phone: `erased-${loan.borrowerId}`, fullName: null });
    expect((await getCall(t, '/v3/privacy/my-data', me)).code).toBe(Code.SESSION_EXPIRED);

    // Kept, with the reason and the date, and blocked from other use.
    const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, loan.orderId));
    expect(order).toMatchObject({ status: 200, borrowerId: loan.borrowerId });
    const holds = await db.select().from(privacyHolds).where(eq(privacyHolds.borrowerId, loan.borrowerId));
    expect(holds.map((h) => h.what)).toEqual([
      expect.stringContaining(loan.orderNo),
      expect.stringMatching(/^Identification: Test Borrower/),
    ]);
    expect(holds[0]?.reason).toMatch(/Kept for 10 years after the loan ends/);
    expect(Number(holds[0]?.keptUntil?.slice(0, 4))).toBe(Number(today.slice(0, 4)) + 10);
    expect(await isBlocked(db, loan.borrowerId)).toBe(true);

    // The books are untouched.
    expect(await trialBalance(db, today, today)).toEqual(balanceBefore);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('refuses to erase while a loan is open, and the request stays open for another answer', async () => {
    const loan = await orderFor(db, 'disbursed', { daysAgo: 10 });
    const me = authHeader(await t.login(loan.phone));
    const asked = await postCall(t, '/v3/privacy/request', me, { kind: 'erasure' });
    const res = await postCall(t, '/admin/privacy/answer', dpo, {
      id: String(asked.data.id),
      status: 'done',
      outcome: 'Erased.',
    });
    expect(res).toMatchObject({ code: Code.CONFLICT, message: expect.stringMatching(/open loan/) });
    const mine = (await getCall(t, '/v3/privacy/my-data', me)).data;
    expect(mine.requests.find((r: { id: number }) => r.id === asked.data.id)).toMatchObject({ status: 'open' });
    expect(mine.held.length).toBeGreaterThan(3);
  });
});
