import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { PRIVACY_CONSENT_VERSION } from '../../../shared/contracts/application';
import { manilaToday } from '../../../shared/format/date';
import { addDays } from '../../domain/loan';
import { authHeader } from '../../test/test-app';
import { staffHeader } from '../../test/staff-support';
import { buildComplaintsApp, picture, postForm, uploadFile } from '../../test/complaint-support';

const t = await buildComplaintsApp();
/** A credit and support member: identity pictures are for credit only, evidence pictures for support. */
const deskHeader = await staffHeader(t, ['credit', 'support']);
let phones = 0;
const newPhone = () => `0917666${String(1000 + phones++).padStart(4, '0')}`;
const signIn = async (phone = newPhone()) => ({ phone, h: authHeader(await t.login(phone)) });
type H = Record<string, string>;

const form = async (h: H) =>
  (await t.app.inject({ method: 'GET', url: '/owner/v3/application/form', headers: h })).json();
const save = (h: H, section: string, answers: Record<string, string>) =>
  postForm(t, '/owner/v3/application/save', h, { section, ...answers });
const consent = (h: H, version = PRIVACY_CONSENT_VERSION) =>
  postForm(t, '/owner/v3/application/consent', h, { version, agree: '1' });
const uploadPhoto = async (h: H) => {
  const res = await uploadFile(t, h, await picture('jpeg'), {
    url: '/owner/v3/application/upload-photo',
    field: 'photo',
  });
  expect(res.body.code).toBe(0);
  return res.body.data.url as string;
};
const push = (h: H) =>
  postForm(t, '/owner/v3/loan-confirm/push', h, { productId: 1, amount: 500_000, periods: 1, termUnit: 1 });

const today = manilaToday();
const personal = {
  fullName: 'Carmela Dizon',
  birthDate: '1992-03-08',
  city: 'Quezon City',
  street: '45 Kalayaan Ave., Barangay Pinyahan',
};
const job = { employment: 'employed', employer: 'Mabuhay Foods Inc.', monthlyIncome: '2500000' };
const ext = { refName: 'Ramon Dizon', refRelation: 'parent', refPhone: '0918 555 0101', refConsent: '1' };
const bind = (h: H, walletNo: string) =>
  postForm(t, '/owner/v3/bind-card/bind-card-new', h, {
    product_id: 1,
    cardType: 1,
    channel: 90006,
    walletNo,
    accountName: 'Carmela Dizon',
    birthDate: '1992-03-08',
  });

async function completeAll(h: H, phone: string) {
  expect((await consent(h)).body.code).toBe(0);
  expect((await save(h, 'personal', personal)).body.code).toBe(0);
  expect((await save(h, 'job', job)).body.code).toBe(0);
  expect((await save(h, 'ext', ext)).body.code).toBe(0);
  const publicAnswers = {
    idType: 'philsys',
    idNumber: '1234-5678-9012',
    idPhoto: await uploadPhoto(h),
    selfie: await uploadPhoto(h),
  };
  expect((await save(h, 'public', publicAnswers)).body.code).toBe(0);
  expect((await bind(h, phone)).body.code).toBe(0);
  return publicAnswers;
}

describe('spec 000 §2 form sections: the application forms', () => {
  it('spec 000 §2: a new borrower gets the sections public, personal, job, ext and bank from the server, none done', async () => {
    const { h } = await signIn();
    const body = await form(h);
    expect(body.code).toBe(0);
    expect(body.data.sections.map((s: { key: string }) => s.key).sort()).toEqual([
      'bank',
      'ext',
      'job',
      'personal',
      'public',
    ]);
    expect(body.data.sections.every((s: { done: boolean }) => !s.done)).toBe(true);
    expect(body.data.missing).toEqual(['consent', 'personal', 'job', 'ext', 'public', 'bank']);
    expect(body.data.editable).toBe(true);
    expect(body.data.consent).toMatchObject({ version: PRIVACY_CONSENT_VERSION, givenAt: null });
    const personalItems = body.data.sections.find((s: { key: string }) => s.key === 'personal').items;
    expect(personalItems.map((i: { code: string; category: string }) => `${i.code}:${i.category}`)).toEqual([
      'fullName:txt',
      'birthDate:day',
      'city:citySelect',
      'street:txt',
    ]);
  });

  it('spec 000 §2 personal: answers are checked, stored and read back; a borrower who returns continues where they left', async () => {
    const { h } = await signIn();
    const res = await save(h, 'personal', { ...personal, fullName: '  Carmela Dizon  ' });
    expect(res.body).toMatchObject({ code: 0, data: { section: 'personal', done: true } });
    const back = await form(h);
    const section = back.data.sections.find((s: { key: string }) => s.key === 'personal');
    expect(section.done).toBe(true);
    expect(Object.fromEntries(section.items.map((i: { code: string; value: string }) => [i.code, i.value]))).toEqual(
      personal,
    );
    expect(back.data.missing).not.toContain('personal');
    const me = (await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: h })).json().data;
    const row = await t.database.db.query.borrowers.findFirst({ where: (b, { eq }) => eq(b.id, Number(me.userId)) });
    expect(row?.fullName).toBe('Carmela Dizon');
  });

  it('spec 000 §5: a bad answer is a clear 400 without field names, and nothing is stored', async () => {
    const { h } = await signIn();
    const cases: [string, Record<string, string>, RegExp][] = [
      ['personal', { ...personal, fullName: '' }, /^Please fill in your full name$/],
      ['personal', { ...personal, fullName: 'R2-D2' }, /letters, spaces/],
      ['personal', { ...personal, birthDate: '1992-02-30' }, /real date/],
      ['personal', { ...personal, city: 'Atlantis' }, /city or municipality from the list/],
      ['job', { ...job, employment: 'astronaut' }, /employment from the list/],
      ['job', { ...job, monthlyIncome: '25,000' }, /monthly income in pesos/],
      ['job', { ...job, monthlyIncome: '0' }, /monthly income/],
      ['ext', { ...ext, refPhone: '12345' }, /mobile number like 0917 123 4567/],
      ['ext', { ...ext, refConsent: '' }, /agreed to be named/],
      ['public', { idType: 'philsys', idNumber: '123', idPhoto: '', selfie: '' }, /upload a photo of your ID/],
    ];
    for (const [section, answers, message] of cases) {
      const res = await save(h, section, answers);
      expect(res.status, `${section} ${JSON.stringify(answers)}`).toBe(400);
      expect(res.body.code).toBe(Code.BAD_REQUEST);
      expect(res.body.message).toMatch(message);
      expect(res.body.message).not.toMatch(/^\w+: /);
    }
    const back = await form(h);
    expect(back.data.missing).toEqual(['consent', 'personal', 'job', 'ext', 'public', 'bank']);
  });

  it('spec 000 §9 minors are under 18: the borrower must be 18 today; one day short is refused', async () => {
    const { h } = await signIn();
    const eighteen = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
    const dayShort = addDays(eighteen as never, 1);
    const refused = await save(h, 'personal', { ...personal, birthDate: dayShort });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You must be at least 18 years old to borrow');
    expect((await save(h, 'personal', { ...personal, birthDate: addDays(today as never, 1) })).body.message).toMatch(
      /not in the future/,
    );
    // A birthday of 29 February counts from 1 March in other years; pick a date that exists every year.
    if (!eighteen.endsWith('02-29'))
      expect((await save(h, 'personal', { ...personal, birthDate: eighteen })).body.code).toBe(0);
  });

  it('spec 000 §2 job: monthly income is stored in centavos', async () => {
    const { h } = await signIn();
    expect((await save(h, 'job', job)).body.code).toBe(0);
    const items = (await form(h)).data.sections.find((s: { key: string }) => s.key === 'job').items;
    expect(items.find((i: { code: string }) => i.code === 'monthlyIncome')).toMatchObject({
      value: '2500000',
      inputType: 'money',
    });
  });

  it('spec 000 §2 ext: the reference is someone else, named with consent; a pasted +63 number is normalised', async () => {
    const { phone, h } = await signIn();
    const own = await save(h, 'ext', { ...ext, refPhone: phone });
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/someone else/);
    expect((await save(h, 'ext', { ...ext, refPhone: '+63 918-555-0101' })).body.code).toBe(0);
    const items = (await form(h)).data.sections.find((s: { key: string }) => s.key === 'ext').items;
    expect(items.find((i: { code: string }) => i.code === 'refPhone').value).toBe('09185550101');
  });

  it('spec 000 §2 public: the ID photo and selfie are the borrower own identity uploads, two different pictures', async () => {
    const { h } = await signIn();
    const idPhoto = await uploadPhoto(h);
    const same = await save(h, 'public', { idType: 'umid', idNumber: 'CRN-0111-2222333-4', idPhoto, selfie: idPhoto });
    expect(same.body.message).toMatch(/not the photo of your ID/);
    // Complaint evidence is not an identity picture.
    const evidence = (await uploadFile(t, h, await picture('png'), { filename: 'x.png', type: 'image/png' })).body.data
      .url;
    expect(
      (await save(h, 'public', { idType: 'umid', idNumber: 'CRN-0111', idPhoto, selfie: evidence })).body.message,
    ).toMatch(/upload it again/);
    const selfie = await uploadPhoto(h);
    expect((await save(h, 'public', { idType: 'umid', idNumber: 'CRN-0111', idPhoto, selfie })).body.code).toBe(0);
  });

  it("a borrower reaches only their own answers and pictures: B sees none of A's and cannot use A's photo", async () => {
    const a = await signIn();
    const b = await signIn();
    expect((await save(a.h, 'personal', personal)).body.code).toBe(0);
    const photoOfA = await uploadPhoto(a.h);
    const bForm = await form(b.h);
    expect(
      bForm.data.sections
        .find((s: { key: string }) => s.key === 'personal')
        .items.every((i: { value: string }) => i.value === ''),
    ).toBe(true);
    const selfieOfB = await uploadPhoto(b.h);
    const stolen = await save(b.h, 'public', {
      idType: 'umid',
      idNumber: 'CRN-0111',
      idPhoto: photoOfA,
      selfie: selfieOfB,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toMatch(/upload it again/);
    const fetched = await t.app.inject({ method: 'GET', url: photoOfA, headers: b.h });
    expect(fetched.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photoOfA, headers: a.h })).statusCode).toBe(200);
  });

  it('identity pictures are for credit staff only: the staff address serves them, the evidence address (support) does not', async () => {
    const { h } = await signIn();
    const url = await uploadPhoto(h);
    const name = url.split('/').pop();
    expect(
      (await t.app.inject({ method: 'GET', url: `/owner/admin/application/files/${name}`, headers: deskHeader }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/owner/admin/files/${name}`, headers: deskHeader })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/owner/admin/application/files/${name}`, headers: h })).statusCode,
    ).toBe(401);
  });

  it('the privacy consent is stored with its time and text version; an old version is refused', async () => {
    const { h } = await signIn();
    expect((await consent(h, '2020-01-01')).status).toBe(409);
    const given = await consent(h);
    expect(given.body.data).toMatchObject({ version: PRIVACY_CONSENT_VERSION });
    expect((await form(h)).data.consent.givenAt).toBe(given.body.data.givenAt);
    const unticked = await postForm(t, '/owner/v3/application/consent', h, { version: PRIVACY_CONSENT_VERSION });
    expect(unticked.status).toBe(400);
    expect(unticked.body.message).toBe('Please tick the box to agree to the privacy notice');
  });
});

describe('submitApplication needs the application: forms, consent and payout account', () => {
  it('an application with parts missing is refused (42260) naming them; complete, it is submitted', async () => {
    const { phone, h } = await signIn();
    const refused = await push(h);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(Code.APPLICATION_INCOMPLETE);
    expect(refused.body.data.missing).toEqual(['consent', 'personal', 'job', 'ext', 'public', 'bank']);
    expect(refused.body.message).toMatch(
      /^Please complete your application first: the privacy consent, .* and your payout account\.$/,
    );
    await completeAll(h, phone);
    expect((await form(h)).data.missing).toEqual([]);
    expect((await push(h)).body.code).toBe(0);
  });

  it('the payout account alone missing is refused too', async () => {
    const { h } = await signIn();
    expect((await consent(h)).body.code).toBe(0);
    expect((await save(h, 'personal', personal)).body.code).toBe(0);
    expect((await save(h, 'job', job)).body.code).toBe(0);
    expect((await save(h, 'ext', ext)).body.code).toBe(0);
    expect(
      (
        await save(h, 'public', {
          idType: 'philsys',
          idNumber: '1234',
          idPhoto: await uploadPhoto(h),
          selfie: await uploadPhoto(h),
        })
      ).body.code,
    ).toBe(0);
    const refused = await push(h);
    expect(refused.body).toMatchObject({ code: Code.APPLICATION_INCOMPLETE, data: { missing: ['bank'] } });
  });

  it('editability ends at submission: a save after it is refused and the answers stay as submitted', async () => {
    const { phone, h } = await signIn();
    await completeAll(h, phone);
    expect((await push(h)).body.code).toBe(0);
    const late = await save(h, 'personal', { ...personal, fullName: 'Someone Else' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(Code.APPLICATION_LOCKED);
    const back = await form(h);
    expect(back.data.editable).toBe(false);
    const name = back.data.sections.find((s: { key: string }) => s.key === 'personal').items[0].value;
    expect(name).toBe('Carmela Dizon');
  });
});

describe('architecture.md: Back office credit decides applications with identity: the answers in the borrower view', () => {
  it('credit staff see every answer and open the ID photo and selfie; support staff get no application', async () => {
    const { phone, h } = await signIn();
    const pictures = await completeAll(h, phone);
    const me = (await t.app.inject({ method: 'GET', url: '/owner/v3/auth/me', headers: h })).json();
    const borrowerId = Number(me.data.userId);
    const view = async (headers: H) =>
      (
        await t.app.inject({ method: 'GET', url: `/owner/admin/borrowers/view?borrowerId=${borrowerId}`, headers })
      ).json();
    const credit = await staffHeader(t, ['credit']);
    const support = await staffHeader(t, ['support']);
    const asCredit = (await view(credit)).data.application;
    expect(asCredit.consentGivenAt).not.toBeNull();
    const rows = Object.fromEntries(
      asCredit.sections.flatMap((s: { rows: { code: string; value: string }[] }) =>
        s.rows.map((r) => [r.code, r.value]),
      ),
    );
    expect(rows).toMatchObject({
      fullName: 'Carmela Dizon',
      birthDate: '1992-03-08',
      employment: 'Employed',
      monthlyIncome: '₱25,000.00',
      refName: 'Ramon Dizon',
      refRelation: 'Parent',
      refConsent: 'Yes',
      idType: 'PhilSys National ID',
    });
    expect(rows.idPhoto).toBe(`/owner/admin/application/files/${pictures.idPhoto.split('/').pop()}`);
    const photo = await t.app.inject({ method: 'GET', url: rows.idPhoto, headers: credit });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: rows.selfie, headers: support })).statusCode).toBe(403);
    expect((await view(support)).data.application).toBeNull();
  });
});
