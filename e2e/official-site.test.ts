import { afterEach, expect, it } from 'vitest';
import { pages } from '../src/shared/pages';
import { describeBrowser, type PhonePage, phonePage, screenshotTo } from './support/browser';

let p: PhonePage | undefined;
afterEach(async () => {
  await p?.context.close();
  p = undefined;
});

const toast = (page: PhonePage['page'], text: string) => page.locator('.adm-toast-main', { hasText: text });

describeBrowser('spec 000 §2 official site (route /)', () => {
  it('spec 000 §2: the navigation bar names the six entries; the terms open their page, the others scroll to a section', async () => {
    p = await phonePage();
    await p.page.goto(p.url(pages.officialSite));
    const nav = p.page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    const entries = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(entries).toEqual([
      ['Home', '#home'],
      ['About Us', '#about'],
      ['User reviews', '#reviews'],
      ['Loan Terms And Conditions', pages.loanTerms],
      ['PrivacyPolicy', '#privacy'],
      ['Contact Us', '#contact'],
    ]);
    for (const id of ['home', 'about', 'reviews', 'privacy', 'contact'])
      expect(await p.page.locator(`#${id}`).count()).toBe(1);
    await nav.getByRole('link', { name: 'User reviews' }).click();
    await expect.poll(() => p?.page.evaluate(() => location.hash)).toBe('#reviews');
    expect(await p.page.locator('#reviews li').count()).toBeGreaterThanOrEqual(3);
    expect(p.errors).toEqual([]);
  });

  it('spec 000 §9: the banner carousel advances by itself every 3 s', async () => {
    const EVERY_MS = 3_000;
    p = await phonePage();
    const { page } = p;
    // The page's clock is ours to move (Playwright's fake timers): each 3 s is run through in an
    // instant, and the test sees the slide change at every one of them and at no other time.
    await page.clock.install();
    await page.goto(p.url(pages.officialSite));
    const carousel = page.getByTestId('site-carousel');
    await carousel.waitFor();
    expect(await carousel.getAttribute('data-index')).toBe('0');
    // The page's clock has run with the real one so far (the page's start needs its timers); from
    // a second from now it stands still until moved (a second, so that a busy machine's delay in
    // getting the command to the page does not make that moment past).
    await page.clock.pauseAt(Date.now() + 1_000);
    const slides = await carousel.locator('article').count();
    const index = async () => Number(await carousel.getAttribute('data-index'));
    // Moved on 100 ms at a time up to the first change, the carousel is at most 100 ms past it…
    const first = await index();
    for (let ms = 0; ms <= EVERY_MS && (await index()) === first; ms += 100) {
      await page.clock.runFor(100);
    }
    expect(await index()).toBe((first + 1) % slides);
    // …so 2.8 s on it has not moved again, and 0.2 s later it has: every 3 s.
    await page.clock.runFor(EVERY_MS - 200);
    expect(await index()).toBe((first + 1) % slides);
    await page.clock.runFor(200);
    await expect.poll(index).toBe((first + 2) % slides);
    // Only the slide on show can be read or tabbed into.
    expect(await carousel.locator('article:not([aria-hidden="true"])').count()).toBe(1);
    // The visitor can stop it (WCAG 2.2.2).
    await page.getByTestId('site-carousel-pause').click();
    const stopped = await index();
    await page.clock.runFor(3 * EVERY_MS);
    expect(await index()).toBe(stopped);
    expect(p.errors).toEqual([]);
  });

  it('spec 000 §5, §8: the contact form says "Please provide complete information!" when a field is empty, else stores it: "Successful!"', async () => {
    p = await phonePage();
    const { page } = p;
    await page.goto(p.url(`${pages.officialSite}#contact`));
    await p.ready();
    const form = page.getByTestId('site-contact-form');
    await form.waitFor();
    await page.getByTestId('site-contact-submit').click();
    await toast(page, 'Please provide complete information!').waitFor();

    await page.getByLabel('Name').fill('Ana Reyes');
    await page.getByLabel('Telephone').fill('09175563000');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByTestId('site-contact-submit').click();
    await toast(page, 'Please provide complete information!').waitFor();

    await page.getByLabel('Remark').fill('Can I borrow for a school fee?');
    await page.getByLabel('Email').fill('ana@');
    await page.getByTestId('site-contact-submit').click();
    await toast(page, 'Enter a valid e-mail address').waitFor();

    await page.getByLabel('Email').fill('ana@example.com');
    expect(await page.getByLabel('Telephone').inputValue()).toBe('0917 556 3000');
    const sent = page.waitForResponse((r) => r.url().includes('/owner/v3/public/contact-message'));
    await page.getByTestId('site-contact-submit').click();
    expect((await (await sent).json()).code).toBe(0);
    await toast(page, 'Successful!').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(p.errors).toEqual([]);
  });

  it('spec 000 §2: the footer shows phone, address, e-mail, company name and copyright; the privacy page is framed', async () => {
    p = await phonePage();
    await p.page.goto(p.url(pages.officialSite));
    const footer = p.page.getByTestId('site-footer');
    await footer.getByText('Hiram Lending Corporation').first().waitFor();
    const text = await footer.textContent();
    expect(text).toContain('+63 2 8123 4567');
    expect(text).toContain('Ayala Avenue, Makati City');
    expect(text).toContain('support@hiram.ph');
    expect(text).toContain(`© ${new Date().getFullYear()} Hiram Lending Corporation`);
    const frame = p.page.getByTestId('site-privacy-frame');
    // The frame loads once the visitor scrolls, not with the first screen.
    expect(await frame.getAttribute('src')).toBeNull();
    await frame.scrollIntoViewIfNeeded();
    await p.page.waitForFunction(
      () => document.querySelector('[data-testid=site-privacy-frame]')?.getAttribute('src') === '/privacyPolicy',
    );
    await p.page
      .frameLocator('[data-testid=site-privacy-frame]')
      .getByText('Hiram Lending Corporation')
      .first()
      .waitFor();
    expect(p.errors).toEqual([]);
  });

  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 800 },
  ]) {
    it(`lays out without sideways scrolling at ${viewport.width} px (screenshot)`, async () => {
      p = await phonePage(viewport);
      await p.page.goto(p.url(pages.officialSite));
      await p.page.getByTestId('site-footer').getByText('Hiram Lending Corporation').first().waitFor();
      await p.page.getByTestId('site-carousel-pause').click(); // a still banner for the picture
      // Lazy images below the fold load once scrolled near: scroll through, then back.
      await p.page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      // Every picture in the flow has loaded (the slides not on show load when they come in).
      await p.page.waitForFunction(() =>
        [...document.images]
          .filter((img) => !img.closest('[aria-hidden="true"]'))
          .every((img) => img.complete && img.naturalWidth > 0),
      );
      const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await p.screenshot('official-site');
      expect(p.errors).toEqual([]);
    });
  }

  it('spec 000 §2: the site paints its content before any script runs (prerendered HTML)', async () => {
    p = await phonePage();
    const browser = p.context.browser();
    if (!browser) throw new Error('no browser');
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    try {
      const page = await noScript.newPage();
      await page.goto(p.url(pages.officialSite));
      expect(await page.locator('h1').textContent()).toBe('Hiram');
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count()).toBe(6);
      expect(await page.locator('#about h2').textContent()).toBe('About Us');
      expect(await page.getByLabel('Remark').count()).toBe(1);
      // The page's own stylesheet is there too: the banner is laid out, not raw markup.
      const bannerHeight = await page.getByTestId('site-carousel').evaluate((el) => el.getBoundingClientRect().height);
      expect(bannerHeight).toBeGreaterThan(200);
      expect(await page.title()).toContain('Hiram');
    } finally {
      await noScript.close();
    }
  });
});

describeBrowser('The official site in Filipino', () => {
  it('Filipino switches the site to Filipino, the choice lasts to the next page, English switches back', async () => {
    p = await phonePage();
    const { page } = p;
    await page.goto(p.url(pages.officialSite));
    await p.ready();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('link', { name: 'Filipino' }).click();
    await page.getByRole('heading', { name: 'Tungkol sa Amin' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    expect(await page.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('?lang=en');
    await p.screenshot('official-site-fil');
    // The choice is remembered: the privacy policy opens in Filipino without a parameter.
    await page.goto(p.url(pages.privacyPolicy));
    await page.getByText('Ang iyong mga karapatan').first().waitFor();
    await page.goto(p.url(pages.officialSite));
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'About Us' }).waitFor();
    expect(p.errors).toEqual([]);
  });
});

describeBrowser('a way in from the official site (route /), at 360×780', () => {
  for (const lang of ['en', 'fil'] as const) {
    it(`${lang}: Sign in and Apply in the header; the calculator shows the range and the server's price of an amount and term; Apply carries the choice`, async () => {
      p = await phonePage();
      const { page } = p;
      await page.goto(p.url(`${pages.officialSite}?lang=${lang}`));
      const words =
        lang === 'en'
          ? { signIn: 'Sign in', apply: 'Apply', flex: 'Hiram Flex', term: '180 days', applyFor: 'Apply for ₱5,500.00' }
          : {
              signIn: 'Mag-sign in',
              apply: 'Mag-apply',
              flex: 'Hiram Flex',
              term: '180 araw',
              applyFor: 'Mag-apply para sa ₱5,500.00',
            };
      await expect.poll(() => page.getByTestId('site-sign-in').textContent()).toBe(words.signIn);
      expect(await page.getByTestId('site-apply').textContent()).toBe(words.apply);
      expect(await page.getByTestId('site-apply').isVisible()).toBe(true);
      expect(await page.getByTestId('site-sign-in').isVisible()).toBe(true);
      expect(await page.getByTestId('site-carousel').textContent()).not.toContain('Ask us a question');
      // The brand and the header's links share the first row without overlapping, in either language.
      const brand = await page.getByRole('heading', { level: 1 }).boundingBox();
      const signIn = await page.getByTestId('site-sign-in').boundingBox();
      expect((brand?.x ?? 0) + (brand?.width ?? 0)).toBeLessThanOrEqual(signIn?.x ?? 0);
      expect(await page.getByRole('link', { name: lang === 'en' ? 'Filipino' : 'English' }).isVisible()).toBe(true);
      // The first screen as a visitor sees it (the full-page shot below draws the sticky header mid-page).
      await screenshotTo(page, `test-results/screenshots/official-site-first-screen-${lang}-360x780.png`, false);

      const range = page.getByTestId('calc-range');
      await range.waitFor();
      await page.getByRole('radio', { name: words.flex }).check();
      await page.getByRole('radio', { name: words.term }).check();
      await page.getByTestId('calc-more').click();
      await expect.poll(() => page.getByTestId('calc-apply').textContent()).toBe(words.applyFor);
      // What the page shows is what the server's engine answers for that choice.
      const priced = await page.evaluate(async () =>
        (await fetch('/owner/v3/public/loan-calculator?productId=3&amount=550000&termDays=180')).json(),
      );
      const money = (centavos: number) =>
        `₱${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      expect(await page.getByTestId('calc-total').textContent()).toBe(money(priced.data.quote.totalRepayable));
      expect(await page.getByTestId('calc-cost').textContent()).toBe(money(priced.data.quote.totalCost));
      expect(await page.getByTestId('calc-rate').textContent()).toContain(
        `${(priced.data.quote.effectiveRate.monthlyBps / 100).toFixed(2)}%`,
      );
      expect(await page.locator('[data-testid="calc-schedule"] tbody tr').count()).toBe(
        priced.data.quote.schedule.length,
      );
      await p.screenshot(`official-site-calculator-${lang}`);
      await page.getByTestId('calc-apply').click();
      await page.waitForURL(/\/login\?/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(
        '/confirmLoan?productId=3&amount=550000&termDays=180',
      );
      expect(p.errors).toEqual([]);
    });
  }
});
