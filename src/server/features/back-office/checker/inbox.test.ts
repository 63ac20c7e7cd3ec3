import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { orderFor } from '../../../test/orders';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const { db } = t.database;
const maker = await staffHeader(t, ['finance'], 'ines.maker@hiram.test');
const checker = await staffHeader(t, ['finance'], 'oscar.checker@hiram.test');
const adminA = await staffHeader(t, ['admin'], 'ada.admin@hiram.test');
const adminB = await staffHeader(t, ['admin'], 'bea.admin@hiram.test');
const support = await staffHeader(t, ['support']);

const inbox = async (headers: Record<string, string>) => {
  const body = (await t.app.inject({ url: '/owner/admin/checker/inbox', headers })).json();
  expect(body.code).toBe(0);
  return body.data.list as {
    kind: string;
    id: number;
    subject: string;
    mine: boolean;
    proposedBy: string;
    proposedAt: string;
  }[];
};
const post = async (url: string, payload: Record<string, string>, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'POST', url: `/owner${url}`, headers, payload })).json();

describe('one checker inbox: everything waiting for a second person, who asked and when', () => {
  it('a manual payment and a reversal entered by one finance user wait in every finance inbox; the one who asked sees them as theirs', async () => {
    const loan = await orderFor(db, 'disbursed');
    const entered = await post(
      '/admin/loans/manual-payment',
      { orderNo: loan.orderNo, reference: 'INBOX-1', amount: '10000' },
      maker,
    );
    expect(entered.code).toBe(0);
    const postingId = entered.data.posting.id;
    const theirs = (await inbox(maker)).find((i) => i.kind === 'manualPosting' && i.id === postingId);
    expect(theirs).toMatchObject({ subject: loan.orderNo, mine: true, proposedBy: 'ines.maker@hiram.test' });
    expect(Date.parse(theirs!.proposedAt)).toBeGreaterThan(Date.now() - 60_000);
    const forChecker = (await inbox(checker)).find((i) => i.kind === 'manualPosting' && i.id === postingId);
    expect(forChecker).toMatchObject({ mine: false });

    // The same item is decided by its own call; once approved it leaves every inbox.
    expect((await post('/admin/loans/manual-payment/approve', { requestId: String(postingId) }, checker)).code).toBe(0);
    expect((await inbox(checker)).some((i) => i.kind === 'manualPosting' && i.id === postingId)).toBe(false);

    const payments = (
      await t.app.inject({ url: `/owner/admin/loans/payments?orderNo=${loan.orderNo}`, headers: maker })
    ).json().data.list as { id: number; reference: string }[];
    const payment = payments.find((p) => p.reference === 'INBOX-1')!;
    expect(
      (await post('/admin/loans/reverse-payment', { paymentId: String(payment.id), reason: 'Bounced' }, maker)).code,
    ).toBe(0);
    expect((await inbox(maker)).find((i) => i.kind === 'reversal' && i.subject === loan.orderNo)?.mine).toBe(true);
    expect((await inbox(checker)).find((i) => i.kind === 'reversal' && i.subject === loan.orderNo)?.mine).toBe(false);
  });

  it('a money role and a second-factor reset one admin asked for wait for another admin; finance sees neither, support sees nothing', async () => {
    const saved = await post(
      '/admin/staff/save',
      {
        email: 'fe.new@hiram.test',
        name: 'Fe New',
        roles: 'support,finance',
        active: '1',
        password: 'a long first password 2026!',
      },
      adminA,
    );
    expect(saved.code).toBe(0);
    const member = saved.data.id as number;
    const reset = await post(
      '/admin/staff/save',
      {
        id: String(member),
        email: 'fe.new@hiram.test',
        name: 'Fe New',
        roles: 'support',
        active: '1',
        resetSecondFactor: '1',
      },
      adminA,
    );
    expect(reset).toMatchObject({ code: 0, data: { factorResetPending: true } });
    const mineA = (await inbox(adminA)).filter((i) => i.subject === 'fe.new@hiram.test');
    expect(mineA.map((i) => [i.kind, i.mine])).toEqual(
      expect.arrayContaining([
        ['roleGrant', true],
        ['factorReset', true],
      ]),
    );
    const forB = (await inbox(adminB)).filter((i) => i.subject === 'fe.new@hiram.test');
    expect(forB.every((i) => !i.mine && i.proposedBy === 'ada.admin@hiram.test')).toBe(true);
    expect((await inbox(maker)).some((i) => i.kind === 'roleGrant' || i.kind === 'factorReset')).toBe(false);
    expect(await inbox(support)).toEqual([]);

    const resetItem = forB.find((i) => i.kind === 'factorReset')!;
    expect((await post('/admin/staff/factor-reset-approve', { id: String(resetItem.id) }, adminA)).code).toBe(
      Code.FORBIDDEN,
    );
    expect(await post('/admin/staff/factor-reset-approve', { id: String(resetItem.id) }, adminB)).toMatchObject({
      code: 0,
      data: { status: 'approved' },
    });
    expect((await inbox(adminB)).some((i) => i.kind === 'factorReset' && i.id === resetItem.id)).toBe(false);
  });
});
