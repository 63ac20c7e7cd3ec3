import type { Locator, Page } from 'playwright-core';
import type { PhonePage } from './browser';
import { E2E_ADMIN, E2E_SECOND_ADMIN } from './operator';
import { factorOf, nextCode, saveFactor, takeRecoveryCode } from './staff-factor';
import { e2eServer } from './server';

type Reply = { code: number | string; data: Record<string, unknown>; message: string };

/** One back-office call with a form body, as the desk makes it. */
export function staffPost(
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return fetch(`${e2eServer().baseUrl}/owner${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  }).then((r) => r.json() as Promise<Reply>);
}

/**
 * Signs a staff member in through the API, second factor included (enrolling the authenticator
 * the first time), and keeps the token for the rest of the run; returns the header for calls.
 */
export async function staffAuth(email: string, password: string): Promise<Record<string, string>> {
  const kept = factorOf(email).token;
  if (kept) {
    const me = (await fetch(`${e2eServer().baseUrl}/owner/admin/auth/me`, {
      headers: { authorization: `Staff ${kept}` },
    }).then((r) => r.json())) as Reply;
    if (me.code === 0) return { authorization: `Staff ${kept}` };
  }
  let current = factorOf(email).password ?? password;
  let first = await staffPost('/admin/auth/login', { email, password: current });
  if (first.code === 0 && first.data.stage === 'change-password') {
    // A password the admin typed: the member chooses their own first, as the sign-in page asks.
    const own = ownPassword(password);
    first = await staffPost('/admin/auth/login', { email, password: current, newPassword: own });
    saveFactor(email, { password: own });
    current = own;
  }
  if (first.code !== 0) throw new Error(`staff sign-in failed: ${first.message}`);
  const enrolment = first.data.enrolment as { secret: string } | undefined;
  if (enrolment) saveFactor(email, { secret: enrolment.secret });
  const { data, code, message } = await staffPost('/admin/auth/login', {
    email,
    password: current,
    code: await nextCode(email),
  });
  if (code !== 0) throw new Error(`staff second factor failed: ${message}`);
  saveFactor(email, {
    token: data.token as string,
    ...(data.recoveryCodes ? { recoveryCodes: data.recoveryCodes as string[] } : {}),
  });
  return { authorization: `Staff ${data.token as string}` };
}

/** The password a member chooses for themselves at the first sign-in (tests only: derived, so reruns agree). */
export const ownPassword = (given: string) => `${given} mine now`;

/** Creates (or finds) a staff account with these roles through the admin's own call; returns its sign-in. */
export async function staffAccount(email: string, name: string, roles: string) {
  const admin = await staffAuth(E2E_ADMIN.email, E2E_ADMIN.password);
  const password = `${email} long enough password`;
  const saved = await staffPost('/admin/staff/save', { email, name, roles, password, active: '1' }, admin);
  if (saved.code !== 0 && !/already/i.test(saved.message))
    throw new Error(`could not create ${email}: ${saved.message}`);
  if (saved.code === 0) await approveGrantsOf(saved.data.id as number);
  return { email, password };
}

/** The second admin approves every money role (finance, admin) waiting on an account. */
export async function approveGrantsOf(staffId: number): Promise<void> {
  const second = await staffAuth(E2E_SECOND_ADMIN.email, E2E_SECOND_ADMIN.password);
  const grants = (await fetch(`${e2eServer().baseUrl}/owner/admin/staff/grants`, { headers: second }).then((r) =>
    r.json(),
  )) as { data: { list: { id: number; staffId: number }[] } };
  for (const grant of grants.data.list.filter((g) => g.staffId === staffId)) {
    const approved = await staffPost('/admin/staff/grant-approve', { id: String(grant.id) }, second);
    if (approved.code !== 0) throw new Error(`could not approve grant ${grant.id}: ${approved.message}`);
  }
}

/**
 * Signs in through the sign-in page and waits for the desk: the password, then the second
 * factor. A first sign-in enrols from the key the page shows and keeps the recovery codes; later
 * ones use a recovery code while any is left (so they never wait for a fresh 30-second code).
 */
export async function signInAt(desk: PhonePage, account: { email: string; password: string }, hash = '') {
  const { page } = desk;
  await page.goto(desk.url(`/admin${hash}`));
  await page.getByTestId('staff-email').fill(account.email);
  await page.getByTestId('staff-password').fill(factorOf(account.email).password ?? account.password);
  await page.getByTestId('staff-sign-in').click();
  await page.getByTestId('staff-code').or(page.getByTestId('staff-new-password')).waitFor();
  if (await page.getByTestId('staff-new-password').count()) {
    const own = ownPassword(account.password);
    await page.getByTestId('staff-new-password').fill(own);
    await page.getByTestId('staff-new-password-again').fill(own);
    await page.getByTestId('staff-set-password').click();
    saveFactor(account.email, { password: own });
    await page.getByTestId('staff-code').waitFor();
  }
  if (await page.getByTestId('totp-secret').count()) {
    saveFactor(account.email, { secret: (await page.getByTestId('totp-secret').textContent())?.trim() ?? '' });
    await page.getByTestId('staff-code').fill(await nextCode(account.email));
    await page.getByTestId('staff-verify').click();
    await page.getByTestId('recovery-codes').waitFor();
    saveFactor(account.email, {
      recoveryCodes: await page.getByTestId('recovery-codes').locator('li').allTextContents(),
    });
    await page.getByTestId('recovery-continue').click();
  } else {
    await page.getByTestId('staff-code').fill(takeRecoveryCode(account.email) ?? (await nextCode(account.email)));
    await page.getByTestId('staff-verify').click();
  }
  await page.getByTestId('staff-who').waitFor();
}

/** Signs the desk's member out from the header and another in (`signInAt`), on the desk's page `hash`. */
export async function switchStaff(desk: PhonePage, account: { email: string; password: string }, hash = '') {
  await desk.page.getByRole('button', { name: 'Sign out' }).click();
  await desk.page.getByTestId('staff-email').waitFor();
  await signInAt(desk, account, hash);
}

/**
 * The desk's open dialog, once it has finished opening: antd zooms a dialog in, and a tap while it
 * grows can land beside the button on a busy machine.
 */
export async function openedDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return dialog;
}
