import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';
import { E2E_ADMIN, E2E_SECOND_ADMIN } from './support/operator';
import { signInAt, staffAuth, staffPost } from './support/staff-desk';

let proposer: PhonePage;
let checker: PhonePage;
const MEMBER = 'grant.me@hiram.test';

beforeAll(async () => {
  if (!hasBrowser) return;
  proposer = await phonePage({ width: 1366, height: 800 });
  checker = await phonePage({ width: 1366, height: 800 });
});
afterAll(async () => {
  await proposer?.context.close();
  await checker?.context.close();
});

describeBrowser('Staff: a money role waits for a second admin', () => {
  it('the proposer sees the finance role waiting with no Approve; a second admin approves it', async () => {
    const admin = await staffAuth(E2E_ADMIN.email, E2E_ADMIN.password);
    const saved = await staffPost(
      '/admin/staff/save',
      { email: MEMBER, name: 'Grace Grant', roles: 'support,finance', password: `${MEMBER} long enough`, active: '1' },
      admin,
    );
    expect(saved).toMatchObject({ code: 0, data: { roles: ['support'], pendingRoles: ['finance'] } });

    await signInAt(proposer, E2E_ADMIN, '#staff');
    const mine = proposer.page.locator('tr', { hasText: MEMBER });
    await mine.getByText('waiting for a second admin').waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await signInAt(checker, E2E_SECOND_ADMIN, '#staff');
    const row = checker.page.locator('tr', { hasText: MEMBER });
    await row.getByText('waiting for a second admin').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await checker.page.getByText('finance granted').waitFor();
    await row.getByText('waiting for a second admin').waitFor({ state: 'detached' });
    expect(await row.locator('.ant-tag', { hasText: /^finance$/ }).count()).toBe(1);
  });
});
