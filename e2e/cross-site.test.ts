import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { apiLogin, describeBrowser, getBrowser, latestSmsCode } from './support/browser';
import { e2eServer } from './support/server';

/** Phones no other browser test signs in with (the resend wait is per phone). */
const ATTACKER_PHONE = '09175563470';
const VICTIM_PHONE = '09175563471';

/**
 * Another site: a tiny server on another port of this machine whose page posts a form to ours as
 * soon as it opens, the way a login-CSRF page would. Its origin is not ours, so Chromium sends
 * `Origin: http://127.0.0.1:<its port>` with the post.
 */
let evil: Server;
let evilOrigin = '';
let pageHtml = '';
beforeAll(async () => {
  evil = createServer((req, res) => {
    if (req.url === '/favicon.ico') return res.writeHead(204).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => evil.close(() => resolve())));

const autoPost = (action: string, fields: Record<string, string>) =>
  `<!doctype html><title>Win a prize</title><form id="f" method="post" action="${action}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('')}</form><script>document.getElementById('f').submit()</script>`;

const contexts: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function victimBrowser() {
  const context = await (await getBrowser()).newContext();
  contexts.push(context);
  return { context, page: await context.newPage() };
}

describeBrowser('a page on another site cannot act on our calls (login CSRF, forced sign-out)', () => {
  it("posting the attacker's phone and code to our login is refused: the victim's browser is not signed in", async () => {
    const { baseUrl } = e2eServer();
    const sent = await fetch(`${baseUrl}/owner/v3/auth/send-login-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: ATTACKER_PHONE }),
    });
    expect(((await sent.json()) as { code: number }).code).toBe(0);
    const smsCode = await latestSmsCode(ATTACKER_PHONE);
    pageHtml = autoPost(`${baseUrl}/owner/v3/auth/login`, { phone: ATTACKER_PHONE, smsCode });

    const { context, page } = await victimBrowser();
    const answered = page.waitForResponse((res) => res.url() === `${baseUrl}/owner/v3/auth/login`);
    await page.goto(`${evilOrigin}/prize`);
    const res = await answered;
    expect(res.request().headers().origin).toBe(evilOrigin);
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ code: 40310, data: { reason: `Origin: ${evilOrigin}` } });
    const ours = (await context.cookies(baseUrl)).map((cookie) => cookie.name);
    expect(ours.filter((name) => name.includes('session'))).toEqual([]);
    // Nothing changed: the code was never tried, and its owner still signs in with it.
    const owner = await fetch(`${baseUrl}/owner/v3/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: ATTACKER_PHONE, smsCode }),
    });
    expect(((await owner.json()) as { code: number }).code).toBe(0);
  });

  it("another site's page cannot sign a borrower out", async () => {
    const { baseUrl } = e2eServer();
    const { sessionId } = await apiLogin(VICTIM_PHONE);
    const { context, page } = await victimBrowser();
    await context.addCookies([{ name: 'hiram_session', value: sessionId, url: `${baseUrl}/owner` }]);
    pageHtml = autoPost(`${baseUrl}/owner/v3/auth/logout`, {});
    const answered = page.waitForResponse((res) => res.url() === `${baseUrl}/owner/v3/auth/logout`);
    await page.goto(`${evilOrigin}/prize`);
    expect((await answered).status()).toBe(403);
    const me = await context.request.get(`${baseUrl}/owner/v3/auth/me`);
    expect(((await me.json()) as { code: number }).code).toBe(0);
  });
});
