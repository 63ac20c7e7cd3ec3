import { complaintReplyBy } from '../../../shared/complaint-reply';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import type { ComplaintOrder } from '../../../shared/contracts/complaints';
import { complaints } from '../../db/schema';
import { buildComplaintsApp, postForm, signIn, uploadedUrl } from '../../test/complaint-support';

const t = await buildComplaintsApp();
const a = await signIn(t, '09170000001');
const b = await signIn(t, '09170000002');
const fresh = await signIn(t, '09175561001');

const call = (path: string, headers: Record<string, string>, body: Record<string, string | number> = {}) =>
  postForm(t, `/owner/user-problem/${path}`, headers, body);

const initA = (await call('problem-init', a)).body.data as { orderList: ComplaintOrder[] };
const collectable = initA.orderList.find((o) => o.isShow === 1) as ComplaintOrder;
const notCollectable = initA.orderList.find((o) => o.isShow === 0) as ComplaintOrder;
const ordersOfB = (await call('problem-init', b)).body.data.orderList as ComplaintOrder[];
const orderOfB = ordersOfB[0] as ComplaintOrder;

async function countFor(headers: Record<string, string>): Promise<number> {
  const tabs = (await call('problem-list', headers)).body.data.tabs as { list: unknown[] }[];
  return tabs.reduce((n, tab) => n + tab.list.length, 0);
}

describe('spec 000 §7 problem-init', () => {
  it("spec 000 §3: types, sub-types of type 1, the newest order and the borrower's own orders with isShow", async () => {
    const res = await call('problem-init', a);
    expect(res.body.code).toBe('00');
    const data = res.body.data;
    expect(data.problemType.map((p: { value: number }) => p.value)).toEqual([1, 2, 3, 4]);
    expect(data.problemType[0].label).toBe('Collection complaint');
    expect(data.problemSonType.length).toBeGreaterThanOrEqual(3);
    expect(data.orderDetail.orderId).toBe(data.orderList[0].orderId);
    for (const o of data.orderList as ComplaintOrder[]) {
      expect(o.isShow).toBe(o.status === 174 || o.status === 180 ? 1 : 0);
      expect(o.list.map((p) => p.title)).toEqual(expect.arrayContaining(['Order number', 'Loan amount', 'Status']));
    }
    expect(data.orderList.some((o: ComplaintOrder) => o.orderId === orderOfB.orderId)).toBe(false);
  });

  it("spec 000 §7: called with an orderId it answers that order; another borrower's order is not found", async () => {
    const res = await call('problem-init', a, { orderId: collectable.orderId });
    expect(res.body.data.orderDetail.orderNo).toBe(collectable.orderNo);
    const foreign = await call('problem-init', a, { orderId: orderOfB.orderId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(Code.NOT_FOUND);
  });

  it('a borrower without orders gets the types and no order', async () => {
    const res = await call('problem-init', fresh);
    expect(res.body.data).toMatchObject({ orderDetail: null, orderList: [] });
  });

  it('needs a session', async () => {
    expect((await call('problem-init', {})).body.code).toBe(Code.SESSION_EXPIRED);
  });
});

describe('spec 000 §5, §7 problem-save', () => {
  it("spec 000 §7: a complaint with text, an own order and own pictures is stored; code '00'", async () => {
    const urls = [await uploadedUrl(t, a), await uploadedUrl(t, a)];
    const res = await call('problem-save', a, {
      problemType: 2,
      problemDetail: '  I paid on time but was charged a penalty.  ',
      problemImage: urls.join(','),
      orderNo: notCollectable.orderNo,
    });
    expect(res.body).toMatchObject({ code: '00', message: 'success' });
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, res.body.data.problemId));
    // spec 000 §9: the reply tells the ticket number and the day a reply is promised by.
    expect(res.body.data).toMatchObject({
      ticketNo: `TKT${String(res.body.data.problemId).padStart(8, '0')}`,
      replyBy: complaintReplyBy(row!.createdAt),
    });
    expect(row).toMatchObject({
      problemType: 2,
      problemSonType: null,
      detail: 'I paid on time but was charged a penalty.',
      images: urls,
      orderNo: notCollectable.orderNo,
    });
  });

  it('spec 000 §5: the text must not be empty', async () => {
    const before = await countFor(a);
    const res = await call('problem-save', a, { problemType: 4, problemDetail: '   ' });
    expect(res.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemDetail' } });
    expect(res.body.message).toContain('Please fill in your comments and suggestions');
    expect(await countFor(a)).toBe(before);
  });

  it('spec 000 §5: at most 200 characters', async () => {
    expect((await call('problem-save', a, { problemType: 4, problemDetail: 'x'.repeat(200) })).body.code).toBe('00');
    const res = await call('problem-save', a, { problemType: 4, problemDetail: 'x'.repeat(201) });
    expect(res.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemDetail' } });
  });

  it('spec 000 §5: at most 9 pictures; the 10th is refused', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) urls.push(await uploadedUrl(t, fresh));
    const before = await countFor(fresh);
    const ten = await call('problem-save', fresh, {
      problemType: 4,
      problemDetail: 'Ten pictures',
      problemImage: urls.join(','),
    });
    expect(ten.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemImage' } });
    expect(ten.body.message).toMatch(/At most 9 images/);
    expect(await countFor(fresh)).toBe(before);
    const nine = await call('problem-save', fresh, {
      problemType: 4,
      problemDetail: 'Nine pictures',
      problemImage: urls.slice(0, 9).join(','),
    });
    expect(nine.body.code).toBe('00');
  });

  it("spec 000 §3: pictures must be the borrower's own uploads; B cannot attach A's picture", async () => {
    const urlOfA = await uploadedUrl(t, a);
    const before = await countFor(b);
    const res = await call('problem-save', b, {
      problemType: 3,
      problemDetail: 'Stolen picture',
      problemImage: urlOfA,
    });
    expect(res.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemImage' } });
    const outside = await call('problem-save', b, {
      problemType: 3,
      problemDetail: 'Outside picture',
      problemImage: 'https://evil.example/x.jpg',
    });
    expect(outside.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemImage.0' } });
    const twice = await call('problem-save', a, {
      problemType: 3,
      problemDetail: 'Twice',
      problemImage: `${urlOfA},${urlOfA}`,
    });
    expect(twice.body.code).toBe(Code.BAD_REQUEST);
    expect(await countFor(b)).toBe(before);
  });

  it("spec 000 §3: the order must be the borrower's own; B cannot file against A's order", async () => {
    const res = await call('problem-save', b, {
      problemType: 2,
      problemDetail: 'Not my order',
      orderNo: collectable.orderNo,
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: Code.NOT_FOUND, data: { field: 'orderNo' } });
    const unknown = await call('problem-save', a, {
      problemType: 2,
      problemDetail: 'No such order',
      orderNo: 'HRM99999999',
    });
    expect(unknown.body.code).toBe(Code.NOT_FOUND);
  });

  it('spec 000 §5: a collection complaint (type 1) is refused for an order whose isShow is not 1', async () => {
    const before = await countFor(a);
    const res = await call('problem-save', a, {
      problemType: 1,
      problemSonType: 101,
      problemDetail: 'The collector was rude',
      orderNo: notCollectable.orderNo,
    });
    expect(res.body.code).toBe(Code.COLLECTION_COMPLAINT_REFUSED);
    expect(res.body.message).toBe('Collection complaints can only be filed for a loan that is due or overdue');
    const noOrder = await call('problem-save', a, { problemType: 1, problemSonType: 101, problemDetail: 'Rude' });
    expect(noOrder.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'orderNo' } });
    expect(await countFor(a)).toBe(before);
  });

  it('spec 000 §2: type 1 needs one of its sub-types; other types take none', async () => {
    const ok = await call('problem-save', a, {
      problemType: 1,
      problemSonType: 102,
      problemDetail: 'They called my mother',
      orderNo: collectable.orderNo,
    });
    expect(ok.body.code).toBe('00');
    const missing = await call('problem-save', a, {
      problemType: 1,
      problemDetail: 'Rude',
      orderNo: collectable.orderNo,
    });
    expect(missing.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'problemSonType' } });
    const wrongSub = await call('problem-save', a, {
      problemType: 1,
      problemSonType: 999,
      problemDetail: 'Rude',
      orderNo: collectable.orderNo,
    });
    expect(wrongSub.body.data).toEqual({ field: 'problemSonType' });
    const subOnOther = await call('problem-save', a, { problemType: 4, problemSonType: 101, problemDetail: 'Idea' });
    expect(subOnOther.body.data).toEqual({ field: 'problemSonType' });
    const unknownType = await call('problem-save', a, { problemType: 9, problemDetail: 'Idea' });
    expect(unknownType.body.data).toEqual({ field: 'problemType' });
  });
});

describe('spec 000 §7 problem-list and problem-detail', () => {
  it('spec 000 §3: tabs Processing and Replied, rows with id, time, type and content, only my own', async () => {
    const saved = await call('problem-save', fresh, {
      problemType: 3,
      problemDetail: 'How do I change my GCash number?',
    });
    const res = await call('problem-list', fresh);
    expect(res.body.code).toBe('00');
    const [processing, replied] = res.body.data.tabs;
    expect(processing.title).toBe('Processing');
    expect(replied.title).toBe('Replied');
    expect(processing.list[0]).toEqual({
      id: saved.body.data.problemId,
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      type: 'Account and loan questions',
      content: 'How do I change my GCash number?',
    });
    const ofB = (await call('problem-list', b)).body.data.tabs.flatMap((tab: { list: { id: number }[] }) =>
      tab.list.map((r) => r.id),
    );
    expect(ofB).not.toContain(saved.body.data.problemId);
    // The demo data: A has a replied complaint.
    const ofA = (await call('problem-list', a)).body.data.tabs;
    expect(ofA[1].list.length).toBeGreaterThan(0);
  });

  it('spec 000 §3: the detail has type, sub-type, content, images, reply and isNeedScore', async () => {
    const url = await uploadedUrl(t, a);
    const saved = await call('problem-save', a, {
      problemType: 1,
      problemSonType: 101,
      problemDetail: 'Shouting on the phone',
      problemImage: url,
      orderNo: collectable.orderNo,
    });
    const res = await call('problem-detail', a, { problemId: saved.body.data.problemId });
    expect(res.body).toMatchObject({
      code: '00',
      data: {
        problemId: saved.body.data.problemId,
        // The ticket number the borrower quotes to customer service: TKT and eight digits.
        ticketNo: `TKT${String(saved.body.data.problemId).padStart(8, '0')}`,
        type: 'Collection complaint',
        sonType: 'Rude or threatening language',
        content: 'Shouting on the phone',
        images: [url],
        orderNo: collectable.orderNo,
        disposeDetail: '',
        disposeImages: [],
        repliedAt: null,
        status: 0,
        replyBy: saved.body.data.replyBy,
        isNeedScore: 0,
        score: null,
      },
    });
  });

  it("B cannot read A's complaint", async () => {
    const saved = await call('problem-save', a, { problemType: 4, problemDetail: 'Private idea' });
    const res = await call('problem-detail', b, { problemId: saved.body.data.problemId });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: Code.NOT_FOUND, data: null });
    expect(JSON.stringify(res.body)).not.toContain('Private idea');
    expect((await call('problem-detail', a, { problemId: 'abc' })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'problemId' },
    });
  });
});

describe('spec 000 §3 Score, §7 save-score', () => {
  async function repliedAsking(problemHeaders: Record<string, string>, ask: number) {
    const saved = await call('problem-save', problemHeaders, { problemType: 2, problemDetail: 'Score me' });
    const id = saved.body.data.problemId as number;
    await t.database.db
      .update(complaints)
      .set({ disposeDetail: 'Handled', repliedAt: new Date(), isNeedScore: ask })
      .where(eq(complaints.id, id));
    return id;
  }

  it("spec 000 §7: a score of 1 to 5 when asked answers '00', once", async () => {
    const id = await repliedAsking(a, 1);
    expect((await call('problem-detail', a, { problemId: id })).body.data.isNeedScore).toBe(1);
    const res = await call('save-score', a, { score: 4, problemId: id });
    expect(res.body).toEqual({ code: '00', message: 'success', data: { problemId: id, score: 4 } });
    const detail = (await call('problem-detail', a, { problemId: id })).body.data;
    expect(detail).toMatchObject({ isNeedScore: 0, score: 4 });
    const again = await call('save-score', a, { score: 5, problemId: id });
    expect(again.body).toMatchObject({ code: Code.CONFLICT, message: 'You have already rated this service' });
    expect((await call('problem-detail', a, { problemId: id })).body.data.score).toBe(4);
  });

  it('spec 000 §3: only 1 to 5', async () => {
    const id = await repliedAsking(a, 1);
    for (const score of [0, 6, 2.5, 'x']) {
      const res = await call('save-score', a, { score, problemId: id });
      expect(res.body).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'score' } });
    }
    expect((await call('problem-detail', a, { problemId: id })).body.data.score).toBeNull();
  });

  it('only when asked: an unasked or unreplied complaint refuses a score', async () => {
    const id = await repliedAsking(a, 0);
    expect((await call('save-score', a, { score: 3, problemId: id })).body).toMatchObject({
      code: Code.CONFLICT,
      message: 'This complaint is not waiting for a rating',
    });
    const open = await call('problem-save', a, { problemType: 2, problemDetail: 'Not replied yet' });
    expect((await call('save-score', a, { score: 3, problemId: open.body.data.problemId })).body.code).toBe(
      Code.CONFLICT,
    );
  });

  it("B cannot score A's complaint", async () => {
    const id = await repliedAsking(a, 1);
    const res = await call('save-score', b, { score: 1, problemId: id });
    expect(res.body.code).toBe(Code.NOT_FOUND);
    expect((await call('problem-detail', a, { problemId: id })).body.data).toMatchObject({
      isNeedScore: 1,
      score: null,
    });
  });

  it('two scores sent at once: exactly one is kept', async () => {
    const id = await repliedAsking(a, 1);
    const results = await Promise.all([1, 2, 3].map((score) => call('save-score', a, { score, problemId: id })));
    expect(results.filter((r) => r.body.code === '00')).toHaveLength(1);
  });
});

describe('Complaint labels in the reader language', () => {
  it('Accept-Language fil gives Filipino tabs and types; English stays the default', async () => {
    const fil = { ...a, 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' };
    const [processing, replied] = (await call('problem-list', fil)).body.data.tabs;
    expect([processing.title, replied.title]).toEqual(['Pinoproseso', 'Nasagot na']);
    const init = (await call('problem-init', fil)).body.data;
    expect(init.problemType[0].label).toBe('Reklamo sa paniningil');
    expect((await call('problem-init', a)).body.data.problemType[0].label).toBe('Collection complaint');
    // Error replies too: another borrower's complaint is not found, in Filipino.
    const missing = await call('problem-detail', fil, { problemId: 999_999 });
    expect(missing.body).toMatchObject({ code: 40400, message: 'Hindi ito nahanap.' });
  });
});
