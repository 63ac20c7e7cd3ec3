import { describe, expect, it } from 'vitest';
import { staffHeader } from '../../test/staff-support';
import { Code } from '../../../shared/codes';
import { buildTestApp } from '../../test/test-app';
import {
  buildComplaintsApp,
  operatorHeader,
  picture,
  postForm,
  signIn,
  uploadFile,
  uploadedUrl,
} from '../../test/complaint-support';

const t = await buildComplaintsApp();
// A signed-in member of the desk: the operator token is for automation, not for replying or reading pictures.
const staffFiles = await staffHeader(t, ['support']);
const a = await signIn(t, '09170000001');
const b = await signIn(t, '09170000002');

const op = (path: string, body: Record<string, string | number>, headers: Record<string, string> = staffFiles) =>
  postForm(t, `/owner/admin/complaints/${path}`, headers, body);
const borrower = (path: string, headers: Record<string, string>, body: Record<string, string | number>) =>
  postForm(t, `/owner/user-problem/${path}`, headers, body);

async function staffPicture(): Promise<string> {
  const res = await uploadFile(t, staffFiles, await picture('png'), { url: '/owner/admin/complaints/upload-img' });
  expect(res.body.code).toBe(0);
  return res.body.data.url;
}

async function newComplaint(headers = a, detail = 'Please check my payment') {
  return (await borrower('problem-save', headers, { problemType: 2, problemDetail: detail })).body.data
    .problemId as number;
}

describe('operator API: reply with text and pictures, ask for a rating', () => {
  it('lists complaints waiting for a reply, with the borrower', async () => {
    const id = await newComplaint(a, 'Waiting for staff');
    const res = await t.app.inject({ url: '/owner/admin/complaints/list?status=processing', headers: staffFiles });
    const row = res.json().data.list.find((r: { problemId: number }) => r.problemId === id);
    expect(row).toMatchObject({ borrowerPhone: '09170000001', content: 'Waiting for staff', repliedAt: null });
  });

  it('a reply with text and staff pictures reaches the borrower, with the rating asked', async () => {
    const id = await newComplaint();
    const pic = await staffPicture();
    const res = await op('reply', {
      problemId: id,
      disposeDetail: 'We posted your payment.',
      disposeImages: pic,
      askScore: 1,
    });
    expect(res.body).toMatchObject({
      code: 0,
      data: { problemId: id, disposeDetail: 'We posted your payment.', isNeedScore: 1 },
    });

    const detail = (await borrower('problem-detail', a, { problemId: id })).body.data;
    expect(detail).toMatchObject({ disposeDetail: 'We posted your payment.', disposeImages: [pic], isNeedScore: 1 });
    expect(detail.repliedAt).not.toBeNull();
    const tabs = (await borrower('problem-list', a, {})).body.data.tabs;
    expect(tabs[1].list.map((r: { id: number }) => r.id)).toContain(id);
    expect(tabs[0].list.map((r: { id: number }) => r.id)).not.toContain(id);

    // The reply picture is visible to this borrower, not to another.
    expect((await t.app.inject({ url: pic, headers: a })).statusCode).toBe(200);
    expect((await t.app.inject({ url: pic, headers: b })).statusCode).toBe(404);

    expect((await borrower('save-score', a, { score: 4, problemId: id })).body.code).toBe('00');
  });

  it('a reply without askScore asks nothing; ask-score asks afterwards, once rated it refuses', async () => {
    const id = await newComplaint();
    await op('reply', { problemId: id, disposeDetail: 'Answered.' });
    expect((await borrower('problem-detail', a, { problemId: id })).body.data.isNeedScore).toBe(0);
    expect((await borrower('save-score', a, { score: 5, problemId: id })).body.code).toBe(Code.CONFLICT);
    expect((await op('ask-score', { problemId: id })).body.data.isNeedScore).toBe(1);
    expect((await borrower('save-score', a, { score: 5, problemId: id })).body.code).toBe('00');
    expect((await op('ask-score', { problemId: id })).body.code).toBe(Code.CONFLICT);
    const unreplied = await newComplaint();
    expect((await op('ask-score', { problemId: unreplied })).body).toMatchObject({ code: Code.CONFLICT });
  });

  it("reply pictures must be staff uploads: a borrower's picture is refused", async () => {
    const id = await newComplaint();
    const ofBorrower = await uploadedUrl(t, b);
    const res = await op('reply', { problemId: id, disposeDetail: 'See picture', disposeImages: ofBorrower });
    expect(res.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'disposeImages' } });
    expect((await borrower('problem-detail', a, { problemId: id })).body.data.repliedAt).toBeNull();
  });

  it('a staff picture serves one reply: it cannot be shown to a second borrower', async () => {
    const pic = await staffPicture();
    const first = await newComplaint(a);
    await op('reply', { problemId: first, disposeDetail: 'One', disposeImages: pic });
    const second = await newComplaint(b);
    const res = await op('reply', { problemId: second, disposeDetail: 'Two', disposeImages: pic });
    expect(res.body.code).toBe(Code.BAD_REQUEST);
    expect((await t.app.inject({ url: pic, headers: b })).statusCode).toBe(404);
  });

  it('refuses without the operator token, with a wrong one, and to a borrower session', async () => {
    const id = await newComplaint();
    for (const headers of [{}, { authorization: 'Operator wrong-token-wrong-token-wrong' }, a]) {
      const res = await op('reply', { problemId: id, disposeDetail: 'Hijack' }, headers);
      expect(res.status).toBe(401);
    }
    const upload = await uploadFile(t, a, await picture(), { url: '/owner/admin/complaints/upload-img' });
    expect(upload.status).toBe(401);
    expect((await borrower('problem-detail', a, { problemId: id })).body.data.repliedAt).toBeNull();
  });

  it('validates the reply: text required, known complaint', async () => {
    const id = await newComplaint();
    expect((await op('reply', { problemId: id, disposeDetail: '  ' })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'disposeDetail' },
    });
    expect((await op('reply', { problemId: 999_999, disposeDetail: 'Hello' })).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('operator API without OPERATOR_TOKEN', () => {
  it('refuses everything when the token is not configured', async () => {
    const bare = await buildTestApp({ seed: false });
    const res = await bare.app.inject({
      method: 'POST',
      url: '/owner/admin/complaints/reply',
      headers: { authorization: 'Operator ', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'problemId=1&disposeDetail=x',
    });
    expect(res.statusCode).toBe(401);
    const list = await bare.app.inject({ url: '/owner/admin/complaints/list', headers: operatorHeader });
    expect(list.statusCode).toBe(401);
  });
});
