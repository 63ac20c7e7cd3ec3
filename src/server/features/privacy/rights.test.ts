import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { fixedClock } from '../../clock';
import { applicationAnswers, borrowers, privacyRequests } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';
import { staffHeader } from '../../test/staff-support';
import { getCall, postCall, textsTo } from './privacy-support';

/** Docs/privacy.md "Rights": each right is asked for, logged with its deadline, and answered. */
const NOW = '2026-11-20T02:00:00.000Z';
const t = await buildTestApp({ clock: fixedClock(NOW) });
const phone = '09175550301';
const me = authHeader(await t.loginApplied(phone));
const dpo = await staffHeader(t, ['dpo']);
const DUE = '2026-12-05T02:00:00.000Z'; // 15 days (PRIVACY_REQUEST_DAYS)

describe('My data: what is held', () => {
  it('shows the application, the privacy consent with its time and the optional consents not given', async () => {
    const res = await getCall(t, '/v3/privacy/my-data', me);
    expect(res.code).toBe(0);
    const values = res.data.held.map((h: { label: string; value: string }) => `${h.label}: ${h.value}`);
    expect(values).toContain(`Mobile number: ${phone}`);
    expect(values.some((v: string) => v.startsWith('Employer or business name: '))).toBe(true);
    expect(res.data.consents[0]).toMatchObject({ version: expect.any(String), givenAt: expect.any(String) });
    expect(res.data.optional).toEqual([
      { consent: 'marketing', given: false, at: null },
      { consent: 'research', given: false, at: null },
    ]);
  });

  it('answers in Filipino to a Filipino reader', async () => {
    const res = await getCall(t, '/v3/privacy/my-data', { ...me, 'accept-language': 'fil' });
    expect(res.data.held[0]).toMatchObject({ group: 'Iyong account', label: 'Numero ng mobile' });
  });

  it('downloads a machine-readable and a readable file, each logged as an access request answered at once', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/owner/v3/privacy/download?format=json', headers: me });
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="hiram-my-data-2026-11-20\.json"$/);
    expect(json.json()).toMatchObject({
      madeAt: NOW,
      consents: [expect.objectContaining({ givenAt: expect.any(String) })],
    });
    const html = await t.app.inject({ method: 'GET', url: '/owner/v3/privacy/download?format=html', headers: me });
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('What Hiram holds about you');
    expect(html.body).toContain(phone);
    const bad = await t.app.inject({ method: 'GET', url: '/owner/v3/privacy/download?format=pdf', headers: me });
    expect(bad.json()).toMatchObject({ code: Code.BAD_REQUEST, data: { field: 'format' } });
    const access = (await getCall(t, '/v3/privacy/my-data', me)).data.requests.filter(
      (r: { kind: string }) => r.kind === 'access',
    );
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({ status: 'done', createdAt: NOW, dueAt: DUE, answeredAt: NOW });
  });

  it('is only the caller’s: without a session nothing is answered', async () => {
    expect((await getCall(t, '/v3/privacy/my-data', {})).code).toBe(Code.SESSION_EXPIRED);
  });
});

describe('Consents and objection take effect at once', () => {
  it('gives then withdraws the marketing consent, each change kept with its time', async () => {
    expect((await postCall(t, '/v3/privacy/consent', me, { consent: 'marketing', given: '1' })).code).toBe(0);
    const withdrawn = await postCall(t, '/v3/privacy/consent', me, { consent: 'marketing', given: '0' });
    expect(withdrawn.data).toMatchObject({ kind: 'consent', status: 'done', dueAt: DUE, answeredAt: NOW });
    const data = (await getCall(t, '/v3/privacy/my-data', me)).data;
    expect(data.optional[0]).toEqual({ consent: 'marketing', given: false, at: NOW });
  });

  it('refuses an unknown consent and changes nothing', async () => {
    const before = await t.database.db.select().from(privacyRequests);
    const res = await postCall(t, '/v3/privacy/consent', me, { consent: 'the-privacy-notice', given: '0' });
    expect(res.code).toBe(Code.BAD_REQUEST);
    expect(await t.database.db.select().from(privacyRequests)).toHaveLength(before.length);
  });

  it('objects to marketing', async () => {
    const res = await postCall(t, '/v3/privacy/object', me);
    expect(res.data).toMatchObject({ kind: 'objection', status: 'done', outcome: 'Marketing stopped at once.' });
  });
});

describe('Requests answered by the privacy desk', () => {
  it('a correction is logged with its deadline, applied by the desk with before and after, and the borrower told by SMS', async () => {
    const asked = await postCall(t, '/v3/privacy/request', me, {
      kind: 'correction',
      field: 'personal.street',
      value: '12 Mabini St., Barangay Malate',
    });
    expect(asked.data).toMatchObject({ kind: 'correction', status: 'open', createdAt: NOW, dueAt: DUE });
    const queue = await getCall(t, '/admin/privacy/requests?status=open', dpo);
    expect(queue.data.list.find((r: { id: number }) => r.id === asked.data.id)).toMatchObject({ phone, dueAt: DUE });

    const answered = await postCall(t, '/admin/privacy/answer', dpo, {
      id: String(asked.data.id),
      status: 'done',
      outcome: 'Your address is corrected.',
    });
    expect(answered.data).toMatchObject({ status: 'done', answeredAt: NOW, outcome: 'Your address is corrected.' });
    const [borrower] = await t.database.db.select().from(borrowers).where(eq(borrowers.phone, phone));
    const personal = await t.database.db.query.applicationAnswers.findFirst({
      where: and(eq(applicationAnswers.borrowerId, borrower!.id), eq(applicationAnswers.section, 'personal')),
    });
    expect(personal?.answers.street).toBe('12 Mabini St., Barangay Malate');
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, asked.data.id));
    expect(row?.effect).toMatchObject({ field: 'personal.street', after: '12 Mabini St., Barangay Malate' });
    expect(row?.effect).toMatchObject({ before: '12 Mabini St., Barangay Malaya' });
    expect((await textsTo(t, phone))[0]).toMatch(
      /^Hiram: Your correction request was carried out\. Your address is corrected\./,
    );
    // The desk answers once.
    const again = await postCall(t, '/admin/privacy/answer', dpo, {
      id: String(asked.data.id),
      status: 'refused',
      outcome: 'No',
    });
    expect(again.code).toBe(Code.CONFLICT);
  });

  it('a correction without the right value is refused and nothing is logged', async () => {
    const before = await t.database.db.select().from(privacyRequests);
    const res = await postCall(t, '/v3/privacy/request', me, { kind: 'correction', field: 'personal.street' });
    expect(res).toMatchObject({ code: Code.BAD_REQUEST });
    expect(await t.database.db.select().from(privacyRequests)).toHaveLength(before.length);
  });

  it('a blocking refused changes nothing, and the borrower reads the answer in My data', async () => {
    const asked = await postCall(t, '/v3/privacy/request', me, { kind: 'blocking', note: 'Please stop using my data' });
    expect(asked.data).toMatchObject({ status: 'open', dueAt: DUE });
    expect((await postCall(t, '/v3/privacy/request', me, { kind: 'blocking' })).code).toBe(Code.CONFLICT);
    await postCall(t, '/admin/privacy/answer', dpo, {
      id: String(asked.data.id),
      status: 'refused',
      outcome: 'Your loan is open; we block your data when it is settled.',
    });
    const mine = (await getCall(t, '/v3/privacy/my-data', me)).data;
    expect(mine.requests.find((r: { id: number }) => r.id === asked.data.id)).toMatchObject({
      status: 'refused',
      outcome: 'Your loan is open; we block your data when it is settled.',
    });
    expect(mine.holds).toEqual([]);
  });

  it('a blocking done puts a hold that My data shows', async () => {
    const other = authHeader(await t.loginApplied('09175550302'));
    const asked = await postCall(t, '/v3/privacy/request', other, { kind: 'blocking' });
    await postCall(t, '/admin/privacy/answer', dpo, { id: String(asked.data.id), status: 'done', outcome: 'Blocked.' });
    const mine = (await getCall(t, '/v3/privacy/my-data', other)).data;
    expect(mine.holds).toEqual([expect.objectContaining({ kind: 'blocked', what: 'All your personal data' })]);
    // Another borrower's requests are not mine.
    expect((await getCall(t, '/v3/privacy/my-data', me)).data.holds).toEqual([]);
  });

  it('only the dpo role opens the desk', async () => {
    const credit = await staffHeader(t, ['credit']);
    expect((await getCall(t, '/admin/privacy/requests', credit)).code).toBe(Code.FORBIDDEN);
  });
});
