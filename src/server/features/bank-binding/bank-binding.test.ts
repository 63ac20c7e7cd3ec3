import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { PRIVACY_CONSENT_VERSION } from '../../../shared/contracts/application';
import type { FormItem } from '../../../shared/contracts/bank-binding';
import { borrowers, payoutAccounts } from '../../db/schema';
import { authHeader, buildTestApp } from '../../test/test-app';

const t = await buildTestApp();
const a = authHeader(await t.login('09170000001'));
const b = authHeader(await t.login('09170000002'));
const wallet = authHeader(await t.login('09175561101'));
const bank = authHeader(await t.login('09175561102'));
const refused = authHeader(await t.login('09175561103'));

type Headers = Record<string, string>;

async function post(path: string, headers: Headers, body: Record<string, string | number>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/owner/v3/bind-card/${path}`,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

const items = async (headers: Headers, productId = 1) =>
  (await post('card-init', headers, { product_id: productId })).body.data.items as FormItem[];
const item = (list: FormItem[], code: string, channel = 0) =>
  list.find((i) => i.code === code && (channel === 0 || i.channelNumber === channel)) as FormItem;

async function latestAccount(phone: string) {
  const [row] = await t.database.db
    .select({ account: payoutAccounts })
    .from(payoutAccounts)
    .innerJoin(borrowers, eq(borrowers.id, payoutAccounts.borrowerId))
    .where(eq(borrowers.phone, phone))
    .orderBy(desc(payoutAccounts.id))
    .limit(1);
  return row?.account;
}

const gcash = {
  product_id: 1,
  cardType: 1,
  channel: 90006,
  walletNo: '09171234567',
  accountName: 'Ana Reyes',
  birthDate: '1995-06-15',
};
const bpi = {
  product_id: 2,
  cardType: 2,
  bankCode: 'BPI',
  bankAccountNo: '1234567890',
  bankCity: 'Makati City',
  accountName: "Jose Mari O'Brien-Santos",
  birthDate: '1988-12-31',
};

describe('spec 000 §3, §7 card-init', () => {
  it('spec 000 §3: form items with every category, card types, channels and banks', async () => {
    const list = await items(wallet);
    expect(new Set(list.map((i) => i.category))).toEqual(new Set(['txt', 'enum', 'citySelect', 'day']));
    for (const i of list) {
      expect(Object.keys(i).sort()).toEqual(
        [
          'category',
          'code',
          'value',
          'title',
          'subtitle',
          'note',
          'inputType',
          'cardTypeMi',
          'channelNumber',
          'required',
          'maxLength',
        ].sort(),
      );
    }
    expect(item(list, 'cardType').note).toEqual([
      { name: 'E-wallet', type: '1' },
      { name: 'Bank account', type: '2' },
    ]);
    expect(item(list, 'cardType').value).toBe('1');
    expect(item(list, 'channel')).toMatchObject({
      cardTypeMi: 1,
      value: '90006',
      note: [
        { name: 'GCash', type: '90006' },
        { name: 'Maya', type: '90007' },
      ],
    });
    expect(item(list, 'walletNo', 90006)).toMatchObject({
      title: 'GCash number',
      inputType: 'phone',
      cardTypeMi: 1,
      value: '',
    });
    expect(item(list, 'walletNo', 90007)).toMatchObject({ title: 'Maya number', cardTypeMi: 1 });
    expect(item(list, 'bankCode').note.length).toBeGreaterThanOrEqual(10);
    expect(item(list, 'bankAccountNo')).toMatchObject({ inputType: 'number', cardTypeMi: 2 });
  });

  it('spec 000 §2: prefilled from the bound account, the number masked', async () => {
    const list = await items(a);
    expect(item(list, 'cardType').value).toBe('1');
    expect(item(list, 'channel').value).toBe('90006');
    expect(item(list, 'walletNo', 90006).value).toBe('•••• 0001');
    expect(item(list, 'accountName').value).toBe('Juan Dela Cruz');
    expect(JSON.stringify(list)).not.toContain('09170000001');
  });

  it("B does not see A's account", async () => {
    const list = await items(b);
    // B's own application may fill the holder in; A's account never does.
    expect(item(list, 'accountName').value).not.toBe('Ana Reyes');
    expect(item(list, 'walletNo', 90006).value).toBe('');
  });

  it('refuses an unknown product and a missing product_id', async () => {
    expect((await post('card-init', wallet, { product_id: 999 })).body.code).toBe(Code.NOT_FOUND);
    expect((await post('card-init', wallet, {})).body).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'product_id' },
    });
    expect((await post('card-init', {}, { product_id: 1 })).body.code).toBe(Code.SESSION_EXPIRED);
  });
});

describe('spec 000 §3, §5 bind-card-new', () => {
  it('binds a GCash wallet; the reply masks the number; the next card-init prefills it', async () => {
    const res = await post('bind-card-new', wallet, gcash);
    expect(res.body).toEqual({
      code: 0,
      message: 'success',
      data: { cardType: 1, channelNumber: 90006, accountName: 'Ana Reyes', accountNo: '•••• 4567', bankName: 'GCash' },
    });
    expect(res.raw).not.toContain('09171234567');
    expect(await latestAccount('09175561101')).toMatchObject({
      productId: 1,
      cardType: 1,
      channelNumber: 90006,
      accountNo: '09171234567',
      accountName: 'Ana Reyes',
      fields: { birthDate: '1995-06-15' },
    });
    const list = await items(wallet);
    expect(item(list, 'walletNo', 90006).value).toBe('•••• 4567');
    expect(item(list, 'birthDate').value).toBe('1995-06-15');
  });

  it('binds a bank account with its bank, city and a number of the right length', async () => {
    const res = await post('bind-card-new', bank, bpi);
    expect(res.body.data).toEqual({
      cardType: 2,
      channelNumber: 90008,
      accountName: "Jose Mari O'Brien-Santos",
      accountNo: '•••• 7890',
      bankName: 'Bank of the Philippine Islands',
    });
    expect(await latestAccount('09175561102')).toMatchObject({
      productId: 2,
      accountNo: '1234567890',
      fields: { bankCode: 'BPI', bankCity: 'Makati City', birthDate: '1988-12-31' },
    });
    const list = await items(bank);
    expect(item(list, 'cardType').value).toBe('2');
    expect(item(list, 'bankCode').value).toBe('BPI');
    expect(item(list, 'bankAccountNo').value).toBe('•••• 7890');
    expect(item(list, 'bankCity').value).toBe('Makati City');
  });

  const refusals: [string, Record<string, string | number>, string, RegExp][] = [
    ['a missing wallet number', { ...gcash, walletNo: '' }, 'walletNo', /Please fill in GCash number/],
    ['letters in a number', { ...gcash, walletNo: '0917abc4567' }, 'walletNo', /digits only/],
    ['a wallet number that is not a PH mobile', { ...gcash, walletNo: '08171234567' }, 'walletNo', /mobile number/],
    ['a short wallet number', { ...gcash, walletNo: '0917123456' }, 'walletNo', /mobile number/],
    ['an unknown e-wallet', { ...gcash, channel: 90099 }, 'channel', /choose E-wallet/],
    ['an unknown card type', { ...gcash, cardType: 3 }, 'cardType', /e-wallet or a bank account/],
    ['a name with digits', { ...gcash, accountName: 'Ana 2' }, 'accountName', /letters/],
    ['a minor', { ...gcash, birthDate: '2015-01-01' }, 'birthDate', /at least 18/],
    ['a date in the future', { ...gcash, birthDate: '2999-01-01' }, 'birthDate', /real date/],
    ['an impossible date', { ...gcash, birthDate: '1990-02-30' }, 'birthDate', /real date/],
    ['a bank number of the wrong length', { ...bpi, bankAccountNo: '12345678901' }, 'bankAccountNo', /has 10 digits/],
    ['an unknown bank', { ...bpi, bankCode: 'XYZ' }, 'bankCode', /choose Bank/],
    ['an unknown city', { ...bpi, bankCity: 'Atlantis' }, 'bankCity', /city from the list/],
    ['a missing city', { ...bpi, bankCity: '' }, 'bankCity', /Please fill in Branch city/],
  ];

  it.each(refusals)(
    'spec 000 §5: refuses %s, names the field and stores nothing',
    async (_what, payload, field, message) => {
      const before = await latestAccount('09175561103');
      const res = await post('bind-card-new', refused, payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Code.BAD_REQUEST);
      expect(res.body.data).toEqual({ field });
      expect(res.body.message).toMatch(message);
      for (const n of ['09171234567', '08171234567', '12345678901', '0917abc4567']) expect(res.raw).not.toContain(n);
      expect(await latestAccount('09175561103')).toEqual(before);
    },
  );

  it('spec 000 §5: items of the other card type are ignored (a bank field does not block a wallet)', async () => {
    const res = await post('bind-card-new', authHeader(await t.login('09175561104')), {
      ...gcash,
      bankAccountNo: 'not-digits',
    });
    expect(res.body.code).toBe(0);
    expect((await latestAccount('09175561104'))?.fields).toEqual({ birthDate: '1995-06-15' });
  });

  it('a masked number keeps the bound number for the same account only', async () => {
    const headers = authHeader(await t.login('09175561105'));
    await post('bind-card-new', headers, { ...gcash, walletNo: '09998887777' });
    const keep = await post('bind-card-new', headers, { ...gcash, walletNo: '•••• 7777', accountName: 'Ana R. Reyes' });
    expect(keep.body.data).toMatchObject({ accountNo: '•••• 7777', accountName: 'Ana R. Reyes' });
    expect((await latestAccount('09175561105'))?.accountNo).toBe('09998887777');
    const otherWallet = await post('bind-card-new', headers, { ...gcash, channel: 90007, walletNo: '•••• 7777' });
    expect(otherWallet.body).toMatchObject({
      code: Code.BAD_REQUEST,
      data: { field: 'walletNo' },
      message: 'Please enter the full account number',
    });
    const guessed = await post('bind-card-new', headers, { ...gcash, walletNo: '•••• 1234' });
    expect(guessed.body.data).toEqual({ field: 'walletNo' });
    const fresh = await post('bind-card-new', authHeader(await t.login('09175561106')), {
      ...gcash,
      walletNo: '•••• 7777',
    });
    expect(fresh.body.code).toBe(Code.BAD_REQUEST);
  });

  it('binds Maya with the Maya number', async () => {
    const res = await post('bind-card-new', authHeader(await t.login('09175561107')), {
      ...gcash,
      channel: 90007,
      walletNo: '09181112222',
    });
    expect(res.body.data).toMatchObject({ channelNumber: 90007, bankName: 'Maya', accountNo: '•••• 2222' });
  });

  it('refuses an unknown product', async () => {
    expect((await post('bind-card-new', wallet, { ...gcash, product_id: 999 })).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('spec 000 §7 the loanDetail path', () => {
  it('bind-card-loan takes the same payload and rules', async () => {
    const headers = authHeader(await t.login('09175561108'));
    expect((await post('bind-card-loan', headers, { ...bpi, bankAccountNo: '12' })).body.data).toEqual({
      field: 'bankAccountNo',
    });
    const res = await post('bind-card-loan', headers, bpi);
    expect(res.body).toMatchObject({ code: 0, data: { cardType: 2, accountNo: '•••• 7890' } });
    expect((await latestAccount('09175561108'))?.accountNo).toBe('1234567890');
  });
});

describe('architecture.md: Providers places', () => {
  it('serves the 17 regions with unique city names', async () => {
    const res = await t.app.inject({ url: '/owner/v3/bind-card/places', headers: a });
    const regions = res.json().data.regions as { name: string; cities: string[] }[];
    expect(regions).toHaveLength(17);
    const cities = regions.flatMap((r) => r.cities);
    expect(new Set(cities).size).toBe(cities.length);
    expect(cities).toEqual(expect.arrayContaining(['Makati City', 'Cebu City', 'Davao City', 'Baguio City']));
  });
});

describe('the payout account after the application: name and birth date not asked again', () => {
  it('card-init prefills the holder and birth date from the application, and a bound account keeps its own', async () => {
    const h = authHeader(await t.login('09175569204'));
    const form = async (path: string, body: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/owner/v3/application/${path}`,
          headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(body).toString(),
        })
      ).json();
    expect((await form('consent', { version: PRIVACY_CONSENT_VERSION, agree: '1' })).code).toBe(0);
    expect(item(await items(h), 'accountName').value).toBe('');
    const personal = {
      fullName: 'Lorna Bautista',
      birthDate: '1990-06-12',
      city: 'Quezon City',
      street: '12 Mabini St.',
    };
    expect((await form('save', { section: 'personal', ...personal })).code).toBe(0);
    const prefilled = await items(h);
    expect(item(prefilled, 'accountName').value).toBe('Lorna Bautista');
    expect(item(prefilled, 'birthDate').value).toBe('1990-06-12');
    // Another borrower's application fills nothing in.
    expect(item(await items(b), 'accountName').value).not.toBe('Lorna Bautista');
  });
});
