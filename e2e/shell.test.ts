import { afterAll, beforeAll, expect, it } from 'vitest';
import { pages } from '../src/shared/pages';
import { describeBrowser, hasBrowser, type PhonePage, phonePage } from './support/browser';

let p: PhonePage;
beforeAll(async () => {
  if (hasBrowser) p = await phonePage();
});
afterAll(async () => {
  await p?.context.close();
});

// Every page of the router renders, with no console error, in the accessibility sweep
// (e2e/support/everyone-sweep.ts) and src/web/app/router.test.tsx; these are the static pages' contents.
describeBrowser('spec 000 §2 static pages', () => {
  it('about us names the advantages and the contact e-mail', async () => {
    await p.page.goto(p.url(pages.aboutUs));
    await p.page.getByText('support@hiram.ph').first().waitFor();
    const body = await p.page.locator('body').innerText();
    for (const word of [/quick approval/i, /transparent fees/i, /flexible repayment/i, /secur/i])
      expect(body).toMatch(word);
    await p.screenshot('about-us');
  });

  it('the privacy policy names the lender, its registration numbers and every required topic', async () => {
    await p.page.goto(p.url(pages.privacyPolicy));
    await p.page.getByText('Hiram Lending Corporation').first().waitFor();
    const body = await p.page.locator('body').innerText();
    for (const topic of [
      /CS201900001/,
      /CA No\. 3001/,
      /cookie/i,
      /camera/i,
      /GPS|location/i,
      /advertising/i,
      /18/,
      /password/i,
      /opt.out/i,
      /grievance/i,
    ]) {
      expect(body).toMatch(topic);
    }
    await p.screenshot('privacy-policy');
  });
});
