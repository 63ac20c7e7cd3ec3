import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { staff } from '../../../db/schema';
import { authHeader, buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const maker = await staffHeader(t, ['admin'], 'maker.admin@hiram.test');
const checker = await staffHeader(t, ['admin'], 'checker.admin@hiram.test');
await t.database.db.update(staff).set({ name: 'Mara Maker' }).where(eq(staff.email, 'maker.admin@hiram.test'));
await t.database.db.update(staff).set({ name: 'Carlo Checker' }).where(eq(staff.email, 'checker.admin@hiram.test'));
const finance = await staffHeader(t, ['finance']);
const borrower = authHeader(await t.loginApplied('09175550191'));

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/owner${url}`, headers }).then((r) => r.json());
const post = (url: string, headers: Record<string, string>, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/owner${url}`, headers, payload }).then((r) => r.json());

const productById = async (id: number) =>
  (await get('/admin/products/list', maker)).data.list.find((p: { id: number }) => p.id === id);
const save = (
  product: { id: number; name: string; logo: string; enabled: boolean },
  terms: Record<string, unknown>,
  as = maker,
) =>
  post('/admin/products/save', as, {
    id: String(product.id),
    name: product.name,
    logo: product.logo,
    enabled: product.enabled ? '1' : '0',
    terms: JSON.stringify(terms),
  });
const check = (terms: Record<string, unknown>) =>
  get(`/admin/products/check?terms=${encodeURIComponent(JSON.stringify(terms))}`, maker);
const firstInstallment = async (productId: number, amount: number) =>
  (await get(`/v3/loan-confirm/detail?productId=${productId}&amount=${amount}`, borrower)).data.repay_plans[0]
    .amount as number;

describe('Product editor: the engine checks each field; pricing changes wait for a second admin', () => {
  it('the check endpoint answers each field’s refusals and the ceilings that bind it, saving nothing', async () => {
    const product = await productById(1);
    const ok = await check(product.terms);
    expect(ok).toMatchObject({ code: 0, data: { ok: true, errors: {} } });
    // Hiram Cash lends ₱3,000–₱10,000 over 91 days: inside the small-loan circular in force.
    expect(ok.data.ceilings.dailyInterestBps.join(' ')).toMatch(
      /(BSP Circular No. 1133|SEC Memorandum Circular No. 14).*caps the nominal interest at 0.20% a day/,
    );
    expect(ok.data.ceilings.penaltyTiers.join(' ')).toMatch(/late penalties .* at 5.00% a month/);

    const bad = await check({
      ...product.terms,
      dailyInterestBps: 30,
      periods: 2,
      penaltyTiers: [{ fromDay: 3, monthlyBps: 500 }],
    });
    expect(bad.data.ok).toBe(false);
    // In the field's own unit: the form's field reads "% a day", so the limit reads 0.20%, not 20.
    expect(bad.data.errors.dailyInterestBps).toEqual(['must be at most 0.20% (lender limit)']);
    expect(bad.data.errors.periods[0]).toMatch(/must divide termDays/);
    expect(bad.data.errors['penaltyTiers.0.fromDay'][0]).toMatch(/overdue day 1/);
    expect(await productById(1)).toEqual(product);
    expect((await get(`/admin/products/check?terms=${encodeURIComponent('{oops')}`, maker)).message).toMatch(/JSON/);
    expect((await get(`/admin/products/check?terms=${encodeURIComponent('{}')}`, finance)).code).toBe(Code.FORBIDDEN);
  });

  it('a rate change is pending, the product prices at the old terms; the proposer gets 403; a second admin approves', async () => {
    const product = await productById(3);
    const before = await firstInstallment(3, 1_000_000);
    const saved = await save({ ...product, name: 'Hiram Flex 2' }, { ...product.terms, dailyInterestBps: 10 });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ name: 'Hiram Flex 2', terms: product.terms });
    const changeId = saved.data.pendingChangeId as number;
    expect(changeId).toBeGreaterThan(0);
    // The name applies at once; the rate waits, and quotes keep the old rate.
    expect(await productById(3)).toMatchObject({ name: 'Hiram Flex 2', terms: { dailyInterestBps: 12 } });
    expect(await firstInstallment(3, 1_000_000)).toBe(before);
    const pending = (await get('/admin/products/changes?status=pending', checker)).data.list;
    expect(pending).toEqual([
      expect.objectContaining({
        id: changeId,
        productId: 3,
        requestedBy: 'maker.admin@hiram.test',
        requestedByName: 'Mara Maker',
        requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        changes: [{ field: 'terms.dailyInterestBps', label: 'Interest (a day)', before: '0.12%', after: '0.10%' }],
      }),
    ]);
    // A second proposal for the product while one waits is refused; so is the proposer's approval.
    expect((await save(product, { ...product.terms, serviceFeeBps: 200 })).code).toBe(Code.CONFLICT);
    const own = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/products/changes/approve',
      headers: maker,
      payload: { changeId: String(changeId) },
    });
    expect(own.json().code).toBe(Code.FORBIDDEN);
    expect((await productById(3)).terms.dailyInterestBps).toBe(12);

    const approved = await post('/admin/products/changes/approve', checker, { changeId: String(changeId) });
    expect(approved).toMatchObject({
      code: 0,
      data: {
        change: { status: 'approved', decidedBy: 'checker.admin@hiram.test' },
        product: { terms: { dailyInterestBps: 10 } },
      },
    });
    expect(await firstInstallment(3, 1_000_000)).toBeLessThan(before);
    expect((await post('/admin/products/changes/approve', checker, { changeId: String(changeId) })).code).toBe(
      Code.CONFLICT,
    );
  });

  it('a rejected change changes nothing; a reason is required', async () => {
    const product = await productById(2);
    const saved = await save(product, { ...product.terms, serviceFeeBps: 200 });
    const changeId = String(saved.data.pendingChangeId);
    expect((await post('/admin/products/changes/reject', checker, { changeId, reason: '' })).code).toBe(
      Code.BAD_REQUEST,
    );
    const rejected = await post('/admin/products/changes/reject', checker, {
      changeId,
      reason: 'Fee too low for this risk',
    });
    expect(rejected.data.change).toMatchObject({ status: 'rejected', rejectReason: 'Fee too low for this risk' });
    expect(await productById(2)).toEqual(product);
    expect((await post('/admin/products/changes/approve', checker, { changeId })).code).toBe(Code.CONFLICT);
  });

  it('amounts and term apply at once; a new product starts off until a second admin turns it on', async () => {
    const product = await productById(2);
    const saved = await save(product, { ...product.terms, maxAmount: 4_000_000 });
    expect(saved.data.pendingChangeId).toBeUndefined();
    expect((await productById(2)).terms.maxAmount).toBe(4_000_000);

    const created = await post('/admin/products/save', maker, {
      name: 'Hiram New',
      logo: '/n.png',
      enabled: '1',
      terms: JSON.stringify(product.terms),
    });
    expect(created.data).toMatchObject({ name: 'Hiram New', enabled: false });
    expect((await productById(created.data.id)).enabled).toBe(false);
    await post('/admin/products/changes/approve', checker, { changeId: String(created.data.pendingChangeId) });
    expect((await productById(created.data.id)).enabled).toBe(true);
    // Turning a product off needs no second admin.
    expect(
      (
        await post('/admin/products/save', maker, {
          id: String(created.data.id),
          name: 'Hiram New',
          logo: '/n.png',
          enabled: '0',
          terms: JSON.stringify(product.terms),
        })
      ).data.pendingChangeId,
    ).toBeUndefined();
    expect((await productById(created.data.id)).enabled).toBe(false);
  });

  it('the confirm page texts (English and Filipino) and the first-loan limit apply at once; a Filipino reader gets the Filipino texts', async () => {
    const product = await productById(2);
    const presentation = {
      ...product.presentation,
      buttonText: 'Get my loan',
      fil: { buttonText: 'Kunin ang aking pautang' },
    };
    const saved = await post('/admin/products/save', maker, {
      id: '2',
      name: product.name,
      logo: product.logo,
      enabled: '1',
      terms: JSON.stringify(product.terms),
      presentation: JSON.stringify(presentation),
      firstLoanMax: '',
      limitStep: '500000',
    });
    expect(saved.data).toMatchObject({ presentation, firstLoanMax: null, limitStep: 500_000 });
    expect(saved.data.pendingChangeId).toBeUndefined();
    const detail = (language: string) =>
      t.app
        .inject({
          url: '/owner/v3/loan-confirm/detail?productId=2',
          headers: { ...borrower, 'accept-language': language },
        })
        .then((r) => r.json());
    expect((await detail('fil')).data.NewButtonMsg).toBe('Kunin ang aking pautang');
    expect((await detail('en')).data).toMatchObject({
      NewButtonMsg: 'Get my loan',
      popTitle: product.presentation.retention.title,
    });
    const tooLong = await post('/admin/products/save', maker, {
      id: '2',
      name: product.name,
      logo: product.logo,
      terms: JSON.stringify(product.terms),
      presentation: JSON.stringify({ fil: { buttonText: 'x'.repeat(41) } }),
    });
    expect(tooLong.code).toBe(Code.BAD_REQUEST);
    expect(tooLong.message).toMatch(/fil\.buttonText|buttonText/);
    expect(
      (
        await post('/admin/products/save', maker, {
          id: '2',
          name: product.name,
          logo: product.logo,
          terms: JSON.stringify(product.terms),
          limitStep: '-1',
        })
      ).message,
    ).toMatch(/limitStep/);
  });

  it('the history lists who changed what and when, field by field, proposals and approvals included', async () => {
    const history = (await get('/admin/catalogue/history?entity=product&entityId=3', maker)).data.list;
    const [approval, proposal] = history;
    expect(approval).toMatchObject({
      actor: 'checker.admin@hiram.test',
      actorName: 'Carlo Checker',
      what: 'approved a change',
      proposedBy: 'Mara Maker',
    });
    expect(approval.changes).toEqual([
      { field: 'terms.dailyInterestBps', label: 'Interest (a day)', before: '0.12%', after: '0.10%' },
    ]);
    expect(proposal).toMatchObject({
      actor: 'maker.admin@hiram.test',
      actorName: 'Mara Maker',
      what: 'saved',
      changes: [{ field: 'name', label: 'Name', before: 'Hiram Flex', after: 'Hiram Flex 2' }],
    });
    expect(proposal.proposed.changes).toEqual([
      { field: 'terms.dailyInterestBps', label: 'Interest (a day)', before: '0.12%', after: '0.10%' },
    ]);
    expect(Date.parse(proposal.at)).toBeLessThanOrEqual(Date.parse(approval.at));
    const rejected = (await get('/admin/catalogue/history?entity=product&entityId=2', maker)).data.list.find(
      (h: { what: string }) => h.what === 'rejected a change',
    );
    expect(rejected).toMatchObject({
      actor: 'checker.admin@hiram.test',
      reason: 'Fee too low for this risk',
      proposed: { changes: [{ field: 'terms.serviceFeeBps', label: 'Service fee', before: '2.50%', after: '2.00%' }] },
    });

    await post('/admin/channels/save', maker, { productId: '3', channels: '91002,91001' });
    const [channels] = (await get('/admin/catalogue/history?entity=product&entityId=3', maker)).data.list;
    expect(channels).toMatchObject({ what: 'changed the payment channels', changes: [{ field: 'channels' }] });
  });
});
