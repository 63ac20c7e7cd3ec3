import { afterEach, expect, it } from 'vitest';
import { pages } from '../src/shared/pages';
import { describeBrowser, type PhonePage, phonePage } from './support/browser';
import { disbursedLoan } from './support/loans';

let p: PhonePage | undefined;
afterEach(async () => {
  await p?.context.close();
  p = undefined;
});

/** The ten entries of spec 001 §2.3 and the page each opens. */
const ENTRIES = [
  'loanConfirm',
  'loanDetail',
  'repay',
  'repayDelay',
  'bindBank',
  'aboutUs',
  'complaint',
  'customerService',
  'privacyPolicy',
  'paymentInstructions',
] as const;

// A 2×2 red PNG for the photo picker.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP8z8DAwMDAxMDAwMAAAA0ABAEcZ1IwAAAAAElFTkSuQmCC',
  'base64',
);

describeBrowser('spec 001 §2.3 developer test page (/testPreview)', () => {
  it('every entry carries the values as its query string; changing orderId changes every link', async () => {
    p = await phonePage();
    const { page } = p;
    await page.goto(p.url(pages.testPreview));
    await page.getByTestId('preview-entry-loanDetail').waitFor();
    const hrefs = async () =>
      Object.fromEntries(
        await Promise.all(
          ENTRIES.map(
            async (name) =>
              [name, (await page.getByTestId(`preview-entry-${name}`).getAttribute('href')) ?? ''] as const,
          ),
        ),
      );
    const before = await hrefs();
    for (const name of ENTRIES) {
      const url = new URL(before[name] ?? '', 'http://x');
      expect(url.pathname, name).toBe(pages[name]);
      expect(Object.fromEntries(url.searchParams), name).toMatchObject({
        appVersion: '1.0.0',
        productId: '1',
        orderId: '86',
      });
    }
    await page.getByTestId('preview-field-orderId').fill('83');
    await page.getByTestId('preview-field-deviceName').fill('Pixel 8');
    const after = await hrefs();
    for (const name of ENTRIES) {
      const url = new URL(after[name] ?? '', 'http://x');
      expect(url.searchParams.get('orderId'), name).toBe('83');
      expect(url.searchParams.get('deviceName'), name).toBe('Pixel 8');
    }
    expect(await page.getByTestId('preview-sign-in').getAttribute('href')).toBe('/login?redirect=%2FtestPreview');
    await p.screenshot('test-preview');
    expect(p.errors).toEqual([]);
  });

  it('each entry opens its page with the parameters, the way the native app opens a webview', async () => {
    // A borrower of this test's own with a running loan: each page opens on their own order.
    const { session, orderId } = await disbursedLoan('09175563100');
    p = await phonePage();
    const { page } = p;
    await page.goto(p.url(pages.testPreview));
    await page.getByTestId('preview-field-sessionId').fill(session.sessionId);
    await page.getByTestId('preview-field-deviceId').fill('device-e2e');
    for (const name of ENTRIES) {
      await page.goto(p.url(pages.testPreview));
      await page.getByTestId('preview-field-sessionId').fill(session.sessionId);
      await page.getByTestId('preview-field-orderId').fill(String(orderId));
      await page.getByTestId(`preview-entry-${name}`).click();
      await page.waitForURL((url) => url.pathname === pages[name]);
      await page.locator('h1').first().waitFor();
      // A page rendered by the server shows its content before its scripts run: wait for them.
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      const url = new URL(page.url());
      // The page keeps the order in its address and takes the session parameters into the session (architecture.md: Sessions).
      expect(url.searchParams.get('orderId'), name).toBe(String(orderId));
      expect(url.searchParams.has('sessionId'), name).toBe(false);
      const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('hiram.session') ?? '{}'));
      expect(stored, name).toMatchObject({ sessionId: session.sessionId, appVersion: '1.0.0' });
    }
  });

  it('photo picker preview, contact name, location and the install prompt work', async () => {
    p = await phonePage();
    const { page, context } = p;
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 14.5547, longitude: 121.0244, accuracy: 20 });
    await page.goto(p.url(pages.testPreview));

    await page.getByTestId('preview-photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByTestId('preview-photo-preview');
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

    // Chromium on a desktop has no Contact Picker: the name is typed.
    await page.getByTestId('preview-contact').fill('Lola Nena');
    expect(await page.getByTestId('preview-contact').inputValue()).toBe('Lola Nena');

    await page.getByTestId('preview-locate').click();
    await expect
      .poll(() => page.getByTestId('preview-location').textContent())
      .toBe('Latitude 14.554700, longitude 121.024400 (within 20 m)');

    expect(await page.getByTestId('preview-install').count()).toBe(0);
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByTestId('preview-install').click();
    await expect.poll(() => page.getByTestId('preview-install-outcome').textContent()).toBe('Install dismissed');
    await p.screenshot('test-preview-device');
    expect(p.errors).toEqual([]);
  });

  it('a denied location says why', async () => {
    p = await phonePage();
    await p.page.goto(p.url(pages.testPreview));
    await p.page.getByTestId('preview-locate').click();
    await expect.poll(() => p?.page.getByTestId('preview-location').textContent()).toMatch(/^No location: /);
  });
});
