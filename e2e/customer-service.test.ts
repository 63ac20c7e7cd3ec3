import { afterEach, expect, it } from 'vitest';
import { apiLogin, describeBrowser, type PhonePage, phonePage } from './support/browser';

let p: PhonePage;
afterEach(async () => {
  await p?.context.close();
});

describeBrowser('spec 000 §2 customer service, opened by the native app', () => {
  it('reads the session from the query, strips it from the address bar, and shows both contacts', async () => {
    const { sessionId, userId } = await apiLogin('09175563500');
    p = await phonePage();
    const { page } = p;
    const query = new URLSearchParams({ sessionId, userId, deviceId: 'dev-1', appVersion: '1.0.0', appName: 'Hiram' });
    await page.goto(p.url(`/customerService?${query}`));
    const smWa = page.getByTestId('cs-smwa');
    await smWa.waitFor();
    expect(page.url()).not.toContain('sessionId');
    expect(page.url()).not.toContain('deviceId');
    expect(await smWa.textContent()).toContain('+63 917 000 1234');
    const email = page.getByTestId('cs-email');
    expect(await email.getAttribute('href')).toBe('mailto:support@hiram.ph');
    await p.screenshot('customer-service');
    // A call made after the address bar was cleaned still carries the session.
    await page.reload();
    await page.getByTestId('cs-email').waitFor();
    expect(p.errors).toEqual([]);
  });
});
