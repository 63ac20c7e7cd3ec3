import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { API_BASE } from '../../../../shared/constants';
import { trackVisit } from '../../../../shared/contracts/promotion';
import { DEFAULT_LENDER_LIMITS } from '../../../domain/loan';
import { buildTestApp } from '../../../test/test-app';
import { checkTerms } from './catalogue';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const admin = await staffHeader(t, ['admin']);
const finance = await staffHeader(t, ['finance']);
const credit = await staffHeader(t, ['credit']);
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/owner${url}`, headers }).then((r) => r.json());
const post = (url: string, headers: Record<string, string>, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/owner${url}`, headers, payload }).then((r) => r.json());

describe('the change history reads as an admin reads it', () => {
  it('saving a template unchanged adds no empty history entry; a real change adds one', async () => {
    const [template] = (await get('/admin/promotion/templates', admin)).data.list;
    const history = async () =>
      (await get(`/admin/catalogue/history?entity=template&entityId=${template.id}`, admin)).data.list as {
        changes: unknown[];
      }[];
    const before = await history();
    const same = { id: String(template.id), name: template.name, data: JSON.stringify(template.data) };
    expect((await post('/admin/promotion/templates/save', admin, same)).code).toBe(0);
    expect((await post('/admin/promotion/templates/save', admin, same)).code).toBe(0);
    const after = await history();
    expect(after.length).toBe(before.length);
    expect(after.every((entry) => entry.changes.length > 0)).toBe(true);
  });

  it('a pending product change names each field by its label, in percent and pesos', async () => {
    const product = (await get('/admin/products/list', admin)).data.list.at(-1);
    const saved = await post('/admin/products/save', admin, {
      id: String(product.id),
      name: product.name,
      logo: product.logo,
      enabled: product.enabled ? '1' : '0',
      terms: JSON.stringify({ ...product.terms, serviceFeeBps: product.terms.serviceFeeBps + 50 }),
    });
    expect(saved.code).toBe(0);
    const pending = (await get('/admin/products/changes?status=pending', admin)).data.list.find(
      (c: { productId: number }) => c.productId === product.id,
    );
    const fee = pending.changes.find((c: { field: string }) => c.field === 'terms.serviceFeeBps');
    expect(fee).toMatchObject({ label: 'Service fee' });
    expect(fee.after).toMatch(/%$/);
    // Left as it was for the tests below: a second admin rejects it.
    const second = await staffHeader(t, ['admin']);
    expect(
      (await post('/admin/products/changes/reject', second, { changeId: String(pending.id), reason: 'test over' }))
        .code,
    ).toBe(0);
  });
});

describe('Admin: products, channels, templates, funnel', () => {
  it('a product is saved only when the loan engine accepts its terms; a refusal changes nothing', async () => {
    const [product] = (await get('/admin/products/list', admin)).data.list;
    const broken = { ...product.terms, periods: 5 };
    const refused = await post('/admin/products/save', admin, {
      id: String(product.id),
      name: 'Broken',
      logo: product.logo,
      enabled: '1',
      terms: JSON.stringify(broken),
    });
    expect(refused.code).toBe(Code.BAD_REQUEST);
    expect(refused.message).toMatch(/periods/);
    expect(
      (await post('/admin/products/save', admin, { name: 'X', logo: '/x.png', terms: '{not json' })).message,
    ).toMatch(/JSON/);
    expect((await get('/admin/products/list', admin)).data.list[0]).toEqual(product);

    const saved = await post('/admin/products/save', admin, {
      id: String(product.id),
      name: 'Hiram Cash Plus',
      logo: product.logo,
      enabled: '1',
      terms: JSON.stringify(product.terms),
    });
    expect(saved).toMatchObject({ code: 0, data: { id: product.id, name: 'Hiram Cash Plus' } });
    expect(Array.isArray(saved.data.notes)).toBe(true);
  });

  it('names the small-loan ceilings (BSP Circular 1133 or SEC MC No. 14, by date) that bind a small short product', async () => {
    const [product] = (await get('/admin/products/list', admin)).data.list;
    const small = {
      ...product.terms,
      minAmount: 100_000,
      maxAmount: 500_000,
      amountStep: 100_000,
      termDays: 91,
      periods: 1,
    };
    const saved = await post('/admin/products/save', admin, {
      name: 'Small',
      logo: '/s.png',
      terms: JSON.stringify(small),
    });
    expect(saved.code).toBe(0);
    expect(saved.data.notes.join(' ')).toMatch(/BSP Circular No. 1133|SEC Memorandum Circular No. 14/);
  });

  it('product validation takes the configured lender limits: terms within the defaults can be refused by stricter ones', async () => {
    const [product] = (await get('/admin/products/list', admin)).data.list;
    expect(checkTerms(product.terms).notes).toBeDefined();
    // Hiram Cash charges 0.15% a day and a 3% service fee; limits of 0.1% a day and 2% refuse both.
    const strict = { ...DEFAULT_LENDER_LIMITS, maxDailyInterestBps: 10, maxServiceFeeBps: 200 };
    expect(() => checkTerms(product.terms, strict)).toThrow(
      /dailyInterestBps: must be at most 0.10% \(lender limit\).*serviceFeeBps: must be at most 2.00%/,
    );
    const greedy = { ...product.terms, serviceFeeBps: 5_000 };
    expect(
      (await post('/admin/products/save', admin, { name: 'Greedy', logo: '/g.png', terms: JSON.stringify(greedy) }))
        .message,
    ).toMatch(/serviceFeeBps: must be at most 5.00% \(lender limit\)/);
  });

  it("sets a product's payment channels in order; an unknown channel is refused", async () => {
    const [product] = (await get('/admin/products/list', admin)).data.list;
    expect(
      (await post('/admin/channels/save', admin, { productId: String(product.id), channels: '91001,12345' })).code,
    ).toBe(Code.BAD_REQUEST);
    const saved = await post('/admin/channels/save', admin, { productId: String(product.id), channels: '91002,91001' });
    expect(saved.data.list.slice(0, 2)).toMatchObject([
      { channelNumber: 91002, position: 0 },
      { channelNumber: 91001, position: 1 },
    ]);
    expect(saved.data.list[2].position).toBeNull();
  });

  it('a template must be a valid landing page; the funnel counts visits, clicks and registrations', async () => {
    const [template] = (await get('/admin/promotion/templates', admin)).data.list;
    expect(
      (await post('/admin/promotion/templates/save', admin, { id: String(template.id), name: 'T', data: '{}' })).code,
    ).toBe(Code.BAD_REQUEST);
    const saved = await post('/admin/promotion/templates/save', admin, {
      id: String(template.id),
      name: 'Renamed',
      data: JSON.stringify(template.data),
    });
    expect(saved).toMatchObject({ code: 0, data: { name: 'Renamed' } });
    const visits = async () =>
      (await get('/admin/promotion/funnel', admin)).data.list.find(
        (row: { templateId: number }) => row.templateId === template.id,
      );
    const before = await visits();
    await t.app.inject({ url: `${API_BASE}${trackVisit.path}?page_id=${template.id}` });
    expect(await visits()).toMatchObject({ name: 'Renamed', visits: before.visits + 1, clicks: before.clicks });
  });
});

describe('Queues: credit and finance', () => {
  it('credit sees applications in review with the borrower and the quote', async () => {
    const list = (await get('/admin/loans/applications?pageSize=100&order=desc', credit)).data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ status: 21 });
    expect(list[0].phone).toMatch(/^09\d{9}$/);
    expect(list[0].totalRepayable).toBeGreaterThan(list[0].amount);
  });

  it('finance sees approved loans, payments with references and allocations, and close-of-business runs', async () => {
    expect(
      (await get('/admin/payouts/disbursals', finance)).data.list.every((o: { status: number }) => o.status === 110),
    ).toBe(true);
    const payments = (await get('/admin/loans/payments', finance)).data.list;
    for (const p of payments)
      expect(Object.values(p.allocation).reduce((a: number, b) => a + (b as number), 0)).toBeLessThanOrEqual(p.amount);
    expect((await post('/admin/loans/close-of-business', finance, { date: '2026-11-20' })).code).toBe(0);
    expect((await get('/admin/loans/cob-runs', finance)).data.list[0]).toMatchObject({ businessDate: '2026-11-20' });
  });
});
