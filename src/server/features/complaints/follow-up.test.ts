import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { complaintReplyBy } from '../../../shared/complaint-reply';
import { COMPLAINT_FOLLOW_UPS_MAX } from '../../../shared/contracts/complaints';
import { buildComplaintsApp, postForm, signIn } from '../../test/complaint-support';
import { staffHeader } from '../../test/staff-support';

const t = await buildComplaintsApp();
const staff = await staffHeader(t, ['support']);
const a = await signIn(t, '09170000001');
const b = await signIn(t, '09170000002');

const borrower = (path: string, headers: Record<string, string>, body: Record<string, string | number>) =>
  postForm(t, `/owner/user-problem/${path}`, headers, body);
const reply = (problemId: number, disposeDetail: string) =>
  postForm(t, '/owner/admin/complaints/reply', staff, { problemId, disposeDetail });

async function repliedComplaint(text = 'My payment is not shown') {
  const id = (await borrower('problem-save', a, { problemType: 2, problemDetail: text })).body.data.problemId as number;
  expect((await reply(id, 'We found your payment; it is posted now.')).body.code).toBe(0);
  return id;
}

const detail = async (problemId: number, headers = a) =>
  (await borrower('problem-detail', headers, { problemId })).body.data;

describe('answering a reply reopens the complaint', () => {
  it('keeps the reply and the answer in the conversation, opens it again with a new reply-by day', async () => {
    const id = await repliedComplaint();
    expect(await detail(id)).toMatchObject({ status: 1, canAnswer: 1, followUps: [] });

    const res = await borrower('problem-follow-up', a, { problemId: id, problemDetail: ' It still shows unpaid. ' });
    expect(res.body).toMatchObject({ code: '00', data: { problemId: id, status: 0 } });
    expect(res.body.data.replyBy).toBe(complaintReplyBy(new Date()));

    const open = await detail(id);
    expect(open).toMatchObject({ status: 0, canAnswer: 0, repliedAt: null, disposeDetail: '' });
    expect(open.followUps.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['staff', 'We found your payment; it is posted now.'],
      ['borrower', 'It still shows unpaid.'],
    ]);

    // Back in the desk's queue, with the conversation.
    const queue = await t.app.inject({ url: '/owner/admin/complaints/list?status=processing', headers: staff });
    const row = queue.json().data.list.find((r: { problemId: number }) => r.problemId === id);
    expect(row.followUps).toHaveLength(2);

    // A second reply closes it again and the borrower can answer once more.
    await reply(id, 'Posted again, sorry.');
    expect(await detail(id)).toMatchObject({ status: 1, canAnswer: 1, disposeDetail: 'Posted again, sorry.' });
  });

  it('refuses an answer while the complaint waits for our reply, and changes nothing', async () => {
    const id = (await borrower('problem-save', a, { problemType: 3, problemDetail: 'A question' })).body.data
      .problemId as number;
    const res = await borrower('problem-follow-up', a, { problemId: id, problemDetail: 'Hello?' });
    expect(res.body.code).toBe(Code.CONFLICT);
    expect((await detail(id)).followUps).toEqual([]);
  });

  it("another borrower's complaint reads as missing; empty text is refused", async () => {
    const id = await repliedComplaint();
    expect((await borrower('problem-follow-up', b, { problemId: id, problemDetail: 'Mine?' })).body.code).toBe(
      Code.NOT_FOUND,
    );
    expect((await borrower('problem-follow-up', a, { problemId: id, problemDetail: '   ' })).body.code).toBe(
      Code.BAD_REQUEST,
    );
    expect(await detail(id)).toMatchObject({ status: 1, followUps: [] });
  });

  it('of two answers sent at once, one reopens the complaint and the other is refused', async () => {
    const id = await repliedComplaint();
    const both = await Promise.all([
      borrower('problem-follow-up', a, { problemId: id, problemDetail: 'First' }),
      borrower('problem-follow-up', a, { problemId: id, problemDetail: 'Second' }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual(['00', Code.CONFLICT].sort());
    expect((await detail(id)).followUps).toHaveLength(2);
  });

  it(`takes at most ${COMPLAINT_FOLLOW_UPS_MAX} answers, then points to the SEC`, async () => {
    const id = await repliedComplaint();
    for (let i = 0; i < COMPLAINT_FOLLOW_UPS_MAX; i += 1) {
      expect((await borrower('problem-follow-up', a, { problemId: id, problemDetail: `Answer ${i}` })).body.code).toBe(
        '00',
      );
      await reply(id, `Reply ${i}`);
    }
    expect(await detail(id)).toMatchObject({ status: 1, canAnswer: 0 });
    const res = await borrower('problem-follow-up', a, { problemId: id, problemDetail: 'Once more' });
    expect(res.body.code).toBe(Code.CONFLICT);
    expect(res.body.message).toMatch(/SEC/);
  });
});
