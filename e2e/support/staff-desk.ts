import { inject } from 'vitest';
import type { PhonePage } from './browser';
import { E2E_ADMIN } from './operator';

type Reply = { code: number | string; data: Record<string, unknown>; message: string };

/** One back-office call with a form body, as the desk makes it. */
export function staffPost(path: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
  return fetch(`${inject('baseUrl')}/owner${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  }).then((r) => r.json() as Promise<Reply>);
}

/** Signs a staff member in through the API; returns the header for further calls. */
export async function staffAuth(email: string, password: string): Promise<Record<string, string>> {
  const { data, code, message } = await staffPost('/admin/auth/login', { email, password });
  if (code !== 0) throw new Error(`staff sign-in failed: ${message}`);
  return { authorization: `Staff ${data.token as string}` };
}

/** Creates (or finds) a staff account with these roles through the admin's own call; returns its sign-in. */
export async function staffAccount(email: string, name: string, roles: string) {
  const admin = await staffAuth(E2E_ADMIN.email, E2E_ADMIN.password);
  const password = `${email} long enough password`;
  const saved = await staffPost('/admin/staff/save', { email, name, roles, password, active: '1' }, admin);
  if (saved.code !== 0 && !/already/i.test(saved.message)) throw new Error(`could not create ${email}: ${saved.message}`);
  return { email, password };
}

/** Signs in through the sign-in page and waits for the desk. */
export async function signInAt(desk: PhonePage, account: { email: string; password: string }, hash = '') {
  await desk.page.goto(desk.url(`/admin${hash}`));
  await desk.page.getByTestId('staff-email').fill(account.email);
  await desk.page.getByTestId('staff-password').fill(account.password);
  await desk.page.getByTestId('staff-sign-in').click();
  await desk.page.getByTestId('staff-who').waitFor();
}
