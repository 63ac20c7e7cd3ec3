import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoTemplate } from '../src/server/db/seed/promotion';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { E2E_ADMIN } from './support/operator';
import { horizontalOverflow } from './support/page-checks';
import { signInAt, staffAccount, staffAuth, staffPost } from './support/staff-desk';
import { e2eServer } from './support/server';

let maker: PhonePage;
let landingId = 0;
/** A landing template of this test's own. */
const LANDING = 'Editor Test Landing';
let checker: PhonePage;
/** A product of this test's own, kept off, so changing its rate disturbs no other test. */
const NAME = 'Hiram Editor Test';
const TERMS = {
  minAmount: 300_000,
  maxAmount: 1_000_000,
  amountStep: 50_000,
  termDays: 91,
  periods: 1,
  dailyInterestBps: 15,
  serviceFeeBps: 300,
  extensionFeeBps: 200,
  extensionAllowed: true,
};

beforeAll(async () => {
  if (!hasBrowser) return;
  const admin = await staffAuth(E2E_ADMIN.email, E2E_ADMIN.password);
  const saved = await staffPost(
    '/admin/products/save',
    { name: NAME, logo: '/img/products/hiram-cash.webp', enabled: '0', terms: JSON.stringify(TERMS) },
    admin,
  );
  if (saved.code !== 0) throw new Error(`could not make the product: ${saved.message}`);
  const template = await staffPost(
    '/admin/promotion/templates/save',
    { name: LANDING, enabled: '1', data: JSON.stringify(demoTemplate) },
    admin,
  );
  if (template.code !== 0) throw new Error(`could not make the template: ${template.message}`);
  landingId = template.data.id as number;
  maker = await phonePage({ width: 1366, height: 800 });
  checker = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await maker?.context.close();
  await checker?.context.close();
});

describeBrowser('the product editor: a form checked by the engine, pricing approved by a second admin', () => {
  it('an admin raises the rate past the ceiling, sees why beside the field, fixes it and proposes; a second admin approves', async () => {
    await signInAt(maker, await staffAccount('pe.maker@hiram.test', 'Paula Maker', 'admin'), '#products');
    const { page } = maker;
    const row = page.getByTestId('product-list').locator('tr', { hasText: NAME });
    await row.getByText('0.15% a day').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    await row.getByRole('button', { name: 'Edit' }).click();

    const rate = page.getByLabel('Interest', { exact: true });
    await rate.fill('0.25');
    const check = page.getByTestId('check-dailyInterestBps');
    await check.getByText('must be at most 0.20% (lender limit)').waitFor();
    await check.getByText(/caps the nominal interest at 0\.20% a day/).waitFor();
    await maker.screenshot('admin-product-form-too-high');
    await page.getByLabel('Button (Filipino)').scrollIntoViewIfNeeded();
    await maker.screenshot('admin-product-form-texts');

    await rate.fill('0.18');
    await check.getByRole('alert').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${NAME} saved; the pricing change waits for a second admin`).waitFor();
    // Until a second admin approves, the product keeps its old rate.
    await row.getByText('0.15% a day').waitFor();
    const pending = page.getByTestId('pending-changes').locator('tr', { hasText: NAME });
    await pending.getByText('Interest (a day): 0.15% → 0.18%').waitFor();
    // The admin who proposed it sees it waiting for someone else, with no Approve button.
    await pending.getByText('Waiting for a second person').waitFor();
    expect(await pending.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await maker.screenshot('admin-product-pending');

    await signInAt(checker, await staffAccount('pe.checker@hiram.test', 'Cesar Checker', 'admin'), '#products');
    const second = checker.page;
    // The second admin sees who proposed the change, and when, before approving it.
    const waiting = second.getByTestId('pending-changes').locator('tr', { hasText: NAME });
    const proposer = waiting.locator('[data-testid^="proposed-by-"]');
    await proposer.getByText('Paula Maker (pe.maker@hiram.test)').waitFor();
    expect(await proposer.textContent()).toMatch(/\d{1,2}:\d{2}/);
    await checker.screenshot('admin-product-pending-proposer');
    await waiting.getByRole('button', { name: 'Approve' }).click();
    const approved = second.getByTestId('product-list').locator('tr', { hasText: NAME });
    await approved.getByText('0.18% a day').waitFor();
    expect(await horizontalOverflow(second)).toEqual([]);

    await approved.getByRole('button', { name: 'History' }).click();
    const history = second.getByTestId('change-history');
    await history.getByText('Cesar Checker').first().waitFor();
    await history.getByText('Paula Maker').first().waitFor();
    expect(await history.textContent()).toContain('Interest (a day): 0.15% → 0.18%');
    await checker.screenshot('admin-product-history');
    expect(maker.errors.filter((e) => !/403/.test(e))).toEqual([]);
    expect(checker.errors).toEqual([]);
  });
});

describeBrowser('the promotion template editor: every text in English and Filipino', () => {
  it('an admin gives the title in Filipino; a Filipino reader gets it, an English reader the English one; the history shows it', async () => {
    const { page } = maker;
    await page.goto(maker.url('/admin#templates'));
    const row = page.locator('tr', { hasText: LANDING });
    await row.getByText('English', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByLabel('Title (English)', { exact: true }).inputValue()).toBe(demoTemplate.hero.title);
    await page.getByLabel('Title (Filipino)', { exact: true }).fill('Pera sa ilang minuto');
    await page.getByLabel('Apply button (Filipino)', { exact: true }).fill('Mag-apply na');
    await maker.screenshot('admin-template-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await row.getByText('English, Filipino').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);

    const landing = (language: string) =>
      fetch(`${e2eServer().baseUrl}/owner/api/v2/youmi/service/channel/channel-template?templateId=${landingId}`, {
        headers: { 'accept-language': language },
      }).then((r) => r.json() as Promise<{ data: { hero: { title: string }; form: { applyText: string } } }>);
    expect((await landing('fil')).data).toMatchObject({
      hero: { title: 'Pera sa ilang minuto' },
      form: { applyText: 'Mag-apply na' },
    });
    expect((await landing('en')).data.hero.title).toBe(demoTemplate.hero.title);

    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('change-history');
    await history.getByText('Filipino: hero title', { exact: false }).first().waitFor();
    expect(await history.textContent()).toContain('Paula Maker');
    // The drawer's slide-in over, for the picture.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await maker.screenshot('admin-template-history');
    expect(maker.errors.filter((e) => !/403/.test(e))).toEqual([]);
  });
});
