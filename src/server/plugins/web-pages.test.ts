import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { borrowers } from '../db/schema';
import { createSession } from '../features/auth/session-service';
import { PAGES_FILE, prerenderFits } from './web-pages';

// A stand-in for a build (scripts/web-pages.ts writes the real one): two page shells, one static
// page, and a server-render module that shows what it was given.
const webDist = mkdtempSync(join(tmpdir(), 'hiram-web-pages-'));
const shell = (name: string) =>
  `<!doctype html><html><head><link rel="modulepreload" href="/assets/${name}.js"></head><body><div id="root"></div></body></html>`;
mkdirSync(join(webDist, '.vite/pages'), { recursive: true });
mkdirSync(join(webDist, '.ssr'), { recursive: true });
writeFileSync(join(webDist, 'index.html'), shell('index'));
writeFileSync(join(webDist, '.vite/pages/home.html'), shell('home-page'));
writeFileSync(join(webDist, '.vite/pages/aboutUs.html'), shell('about-us-page'));
writeFileSync(join(webDist, '.vite/pages/privacyPolicy.html'), shell('privacy-page'));
writeFileSync(join(webDist, '.vite/pages/loanTerms.html'), shell('loan-terms-page'));
writeFileSync(join(webDist, '.vite/pages/home.rendered.html'), shell('home-page-rendered'));
writeFileSync(join(webDist, '.vite/pages/promotion.html'), shell('promotion-page'));
writeFileSync(join(webDist, '.vite/pages/promotion.rendered.html'), shell('promotion-page-rendered'));
writeFileSync(
  join(webDist, PAGES_FILE),
  JSON.stringify({
    entry: 'index.html',
    render: '.ssr/server-render.mjs',
    pages: {
      '/home': {
        name: 'home',
        html: '.vite/pages/home.html',
        static: false,
        rendered: '.vite/pages/home.rendered.html',
      },
      '/aboutUs': { name: 'aboutUs', html: '.vite/pages/aboutUs.html', static: true },
      '/promotion': {
        name: 'promotion',
        html: '.vite/pages/promotion.html',
        static: false,
        rendered: '.vite/pages/promotion.rendered.html',
      },
      '/privacyPolicy': { name: 'privacyPolicy', html: '.vite/pages/privacyPolicy.html', static: true },
      '/loanTerms': { name: 'loanTerms', html: '.vite/pages/loanTerms.html', static: true },
    },
  }),
);
writeFileSync(
  join(webDist, '.ssr/server-render.mjs'),
  `export async function renderPage(location, { shell, fetch, reads }) {
    if (location === '/privacyPolicy') throw new Error('cannot render');
    if (reads === 'all' && !location.startsWith('/home')) return shell.replace('<div id="root"></div>', '<div id="root"><h1>' + location + ' rendered per request</h1></div>');
    if (reads === 'all') {
      // A borrower's page: a session-only read, answered with the address's session.
      const me = await (await fetch('/owner/v3/auth/me', { method: 'GET', headers: {} })).json();
      if (me.code !== 0) throw new Error('read failed');
      return shell.replace('<div id="root"></div>', '<div id="root"><h1>' + location + ' for ' + me.data.phone + '</h1></div>');
    }
    const company = await (await fetch('/owner/v3/public/company')).json();
    return shell.replace('<div id="root"></div>', '<div id="root"><h1>' + location + ' by ' + company.data.lenderName + '</h1></div>');
  }`,
);

const database = await createTestDatabase();
const app = await buildApp(testConfig({ WEB_DIST: webDist, LENDER_NAME: 'Acme Lending' }), { db: database.db });
afterAll(async () => {
  await app.close();
  await database.close();
});

async function sessionOf(phone: string): Promise<string> {
  const [row] = await database.db.insert(borrowers).values({ phone }).returning({ id: borrowers.id });
  if (!row) throw new Error('no borrower');
  return createSession(database.db, row.id, { idleMinutes: 30, absoluteDays: 30 });
}

describe("A borrower's page opened with their session is rendered with their data", () => {
  it('renders it for this request only, without the session parameters, never to be cached', async () => {
    const token = await sessionOf('09171110001');
    const res = await app.inject({ url: `/home?sessionId=${token}&userId=7&orderId=86` });
    expect(res.body).toContain('<div id="root"><h1>/home?orderId=86 for 09171110001</h1></div>');
    expect(res.body).toContain('/assets/home-page-rendered.js');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('each request is rendered with its own session, however many run at once', async () => {
    const phones = ['09171110002', '09171110003', '09171110004', '09171110005'];
    const tokens = await Promise.all(phones.map(sessionOf));
    const bodies = await Promise.all(
      [...tokens, ...tokens].map((token) => app.inject({ url: `/home?sessionId=${token}` })),
    );
    for (const [i, res] of bodies.entries()) expect(res.body).toContain(`for ${phones[i % phones.length]}</h1>`);
  });

  it('an unknown or ended session, a failing read or a Filipino reader gets the shell, as before', async () => {
    for (const res of [
      await app.inject({ url: '/home?sessionId=not-a-session' }),
      await app.inject({ url: `/home?sessionId=${await sessionOf('09171110006')}&lang=fil` }),
      await app.inject({
        url: `/home?sessionId=${await sessionOf('09171110007')}`,
        headers: { 'accept-language': 'fil-PH,en;q=0.5' },
      }),
    ]) {
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('/assets/home-page.js');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('Each page gets its own HTML (plugins/web-pages.ts)', () => {
  it('a page gets its shell, with its own preloads', async () => {
    const res = await app.inject({ url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('/assets/home-page.js');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('paths match the way the web router matches them: any case, trailing slash ignored', async () => {
    expect((await app.inject({ url: '/HOME/' })).body).toContain('/assets/home-page.js');
    expect((await app.inject({ url: '/home?sessionId=x' })).body).toContain('/assets/home-page.js');
  });

  it('spec 000 §2: a static page is rendered by the server, its public reads answered in-process', async () => {
    const res = await app.inject({ url: '/aboutUs' });
    expect(res.body).toContain('<div id="root"><h1>/aboutUs by Acme Lending</h1></div>');
    expect(res.body).toContain('/assets/about-us-page.js');
  });

  it('A static page opened with a parameter it renders from is rendered for that address, not with markup for another product', async () => {
    expect((await app.inject({ url: '/loanTerms' })).body).toContain('<h1>/loanTerms by Acme Lending</h1>');
    expect((await app.inject({ url: '/loanTerms?lang=fil' })).body).toContain('<h1>/loanTerms by Acme Lending</h1>');
    const withProduct = await app.inject({ url: '/loanTerms?productId=2' });
    expect(withProduct.body).toContain('<h1>/loanTerms?productId=2 rendered per request</h1>');
    expect(withProduct.body).toContain('/assets/loan-terms-page.js');
    expect(withProduct.headers['cache-control']).toBe('no-cache');
    // A Filipino reader's page renders in the browser: the shell.
    const filipino = await app.inject({ url: '/loanTerms?productId=2', headers: { 'accept-language': 'fil' } });
    expect(filipino.body).toContain('<div id="root"></div>');
    expect(prerenderFits('/aboutUs', '?productId=2')).toBe(true);
  });

  it('The promotion page is rendered for its campaign address, with public reads only', async () => {
    const res = await app.inject({ url: '/promotion?id=3&utm_tag=x' });
    expect(res.body).toContain('<h1>/promotion?id=3&utm_tag=x rendered per request</h1>');
    expect(res.body).toContain('/assets/promotion-page-rendered.js');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a static page that fails to render falls back to its shell', async () => {
    const res = await app.inject({ url: '/privacyPolicy' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('/assets/privacy-page.js');
  });

  it('HTML goes out compressed when the browser accepts it', async () => {
    const res = await app.inject({ url: '/aboutUs', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Acme Lending');
  });

  it('an address that is no page keeps the plain shell; API and asset paths answer 404', async () => {
    expect((await app.inject({ url: '/no-such-page' })).body).toContain('/assets/index.js');
    expect((await app.inject({ url: '/owner/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
