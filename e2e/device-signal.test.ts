import { afterAll, expect, it } from 'vitest';
import { completeApplicationAt } from './support/application';
import { describeBrowser, type PhonePage, phonePage } from './support/browser';
import { signInOnLoginPage } from './support/journey';
import { axeViolations } from './support/page-checks';
import { signInAt, staffAccount, staffPost } from './support/staff-desk';

/** Two borrowers no other browser test signs in with, both from one phone's browser. */
const FIRST = '09175567420';
const SECOND = '09175567421';
let phone: PhonePage;
let desk: PhonePage;
afterAll(async () => {
  await phone?.context.close();
  await desk?.context.close();
});

/** Signs in at /login in the shared browser and returns the session the cookie holds. */
async function signInOnPhone(mobile: string): Promise<{ sessionId: string; userId: string }> {
  await signInOnLoginPage(phone, mobile, { open: '/login' });
  const cookies = await phone.context.cookies();
  const sessionId = cookies.find((c) => c.name === 'hiram_session')?.value ?? '';
  return { sessionId, userId: '' };
}

async function apply(mobile: string, session: { sessionId: string; userId: string }) {
  await completeApplicationAt(phone.url(''), session, mobile);
  const pushed = await staffPost(
    '/v3/loan-confirm/push',
    { productId: '1', amount: '300000', periods: '1', termUnit: '1' },
    { authorization: `Session ${session.sessionId}` },
  );
  if (pushed.code !== 0) throw new Error(`could not apply: ${pushed.message}`);
}

describeBrowser('the same-device signal', () => {
  it('two phones signed in from one browser apply; the credit desk shows the second shares a device with the first', async () => {
    phone = await phonePage();
    const first = await signInOnPhone(FIRST);
    const device = (await phone.context.cookies()).find((c) => c.name === 'hiram_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/owner' });
    await apply(FIRST, first);
    // Sign out (the device cookie stays), then the second borrower signs in from the same browser.
    await phone.page.request.post(phone.url('/owner/v3/auth/logout'));
    const second = await signInOnPhone(SECOND);
    expect((await phone.context.cookies()).find((c) => c.name === 'hiram_device')?.value).toBe(device?.value);
    await apply(SECOND, second);

    desk = await phonePage({ width: 1366, height: 800 });
    await signInAt(desk, await staffAccount('dalisay.device@hiram.test', 'Dalisay Device', 'credit'), '#applications');
    const { page } = desk;
    const row = page.locator('tr', { hasText: SECOND }).first();
    await row.getByText('1 signal', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Review' }).click();
    const review = page.getByTestId('application-review');
    const signal = review.getByTestId('signal-device');
    await signal.getByText(/^Same device: browser [0-9a-f]{8}$/).waitFor();
    expect(await signal.textContent()).toContain(FIRST);
    expect(await signal.textContent()).toContain('signed in from the same device');
    expect(await axeViolations(page)).toEqual([]);
    await desk.screenshot('admin-application-review-device');
    expect(desk.errors).toEqual([]);
  });
});
