import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { apiLogin, describeBrowser, type PhonePage, phonePage } from './support/browser';
import { staffAccount, staffAuth } from './support/staff-desk';
import { e2eServer } from './support/server';

let p: PhonePage | undefined;
afterAll(async () => {
  await p?.context.close();
});

const picture = (background: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background } })
    .png()
    .toBuffer();

/** The operator API, as the back office will call it. */
async function operatorReply(problemId: number): Promise<void> {
  const base = e2eServer().baseUrl;
  // A signed-in support member: the operator token is for automation, not for replying.
  const { email, password } = await staffAccount('complaints-desk@hiram.test', 'Complaints Desk', 'support');
  const operatorAuth = await staffAuth(email, password);
  const form = new FormData();
  form.append(
    'problemImage',
    new Blob([new Uint8Array(await picture('#1b87ff'))], { type: 'image/png' }),
    'receipt.png',
  );
  const uploaded = (await (
    await fetch(`${base}/owner/admin/complaints/upload-img`, { method: 'POST', headers: operatorAuth, body: form })
  ).json()) as { code: number; data: { url: string } };
  expect(uploaded.code).toBe(0);
  const reply = (await (
    await fetch(`${base}/owner/admin/complaints/reply`, {
      method: 'POST',
      headers: { ...operatorAuth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        problemId: String(problemId),
        disposeDetail: 'We found your payment of 12 May and posted it. Sorry for the trouble.',
        disposeImages: uploaded.data.url,
        askScore: '1',
      }).toString(),
    })
  ).json()) as { code: number };
  expect(reply.code).toBe(0);
}

/** In the page: that many pictures of the block loaded (fetched with the session, shown from blobs). */
function loadedImages([testId, count]: [string, number]): boolean {
  const images = Array.from(document.querySelectorAll<HTMLImageElement>(`[data-testid="${testId}"] img`));
  return images.filter((i) => i.complete && i.naturalWidth > 0).length === count;
}

describeBrowser('spec 000 §2, §4 complaints in the browser', () => {
  it('files a complaint with two pictures, sees it in the list and details, then rates the reply with 4 stars', async () => {
    const { sessionId, userId } = await apiLogin('09175561201');
    p = await phonePage();
    const { page } = p;

    // Start: a new borrower has no orders; a collection complaint is refused, other types go on.
    await page.goto(p.url(`/complaint?${new URLSearchParams({ sessionId, userId })}`));
    await page.getByRole('button', { name: 'Suggestions' }).waitFor();
    await page.getByRole('link', { name: 'My complaints' }).waitFor();
    await page.getByRole('button', { name: 'Collection complaint' }).click();
    await page
      .getByText(/Collection complaints can only be filed for a loan that is due or overdue/)
      .first()
      .waitFor();
    expect(await page.getByTestId('complaint-sub-types').count()).toBe(0);
    await p.screenshot('complaint-start');
    await page.getByRole('button', { name: 'Repayment issue' }).click();

    // Next: tag, counter, Send refused when empty, two pictures uploaded one by one.
    await page.waitForURL(/\/complainPageNext\?problemType=2/);
    expect(await page.getByTestId('complaint-tags').textContent()).toContain('Repayment issue');
    await page.getByTestId('complaint-send').click();
    await page.getByText('Please fill in your comments and suggestions').first().waitFor();
    const box = page.getByLabel('Describe the problem');
    await box.fill('x'.repeat(205));
    expect((await box.inputValue()).length).toBe(200);
    expect(await page.getByTestId('complaint-count').textContent()).toBe('200/200');
    await box.fill('I paid 1,500 pesos through GCash on 12 May but the app still shows it as unpaid.');
    expect(await page.getByTestId('complaint-count').textContent()).toBe('80/200');
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'receipt-1.png', mimeType: 'image/png', buffer: await picture('#fe7133') });
    await page.getByText('Upload succeeded!').first().waitFor();
    await fileInput.setInputFiles({ name: 'receipt-2.png', mimeType: 'image/png', buffer: await picture('#2e7d32') });
    await page.getByTestId('complaint-uploader').getByRole('img', { name: 'Picture 2' }).waitFor();
    expect(await page.getByTestId('complaint-uploader').getByRole('img').count()).toBe(2);
    await page.getByText('We will reply within 3 working days').waitFor();
    await p.screenshot('complaint-next');

    // Send: "Successfully Sent" with the ticket number and the reply-by date, and the page stays.
    await page.getByTestId('complaint-send').click();
    await page.getByText('Successfully Sent').waitFor();
    expect(await page.getByTestId('complaint-sent-ticket').textContent()).toMatch(/^TKT\d{8}$/);
    expect(await page.getByTestId('complaint-sent-reply-by').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await p.screenshot('complaint-sent');
    await page.waitForTimeout(2_000);
    expect(new URL(page.url()).pathname).toBe('/complainPageNext');

    // List: in Processing, with time, type and content; a new complaint can start from it.
    await page.getByRole('link', { name: 'My complaints' }).click();
    await page.waitForURL((url) => url.pathname === '/complaintList');
    expect(await page.getByTestId('complaint-new').getAttribute('href')).toBe('/complaint');
    const row = page.getByTestId('complaint-row').filter({ hasText: 'I paid 1,500 pesos' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Repayment issue');
    await p.screenshot('complaint-list');
    const pictures: { url: string; type: string | undefined }[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/owner/files/')) pictures.push({ url: res.url(), type: res.headers()['content-type'] });
    });
    await row.click();

    // Details: read-only, both pictures served to their owner; no Process Result yet.
    await page.waitForURL(/\/complainDetails\?problemId=\d+/);
    const problemId = Number(new URL(page.url()).searchParams.get('problemId'));
    await page.getByTestId('complaint-detail').waitFor();
    await page.waitForFunction(loadedImages, ['complaint-images', 2] as [string, number]);
    // Shown as 104-pixel squares, the pictures come as WebP thumbnails.
    expect(pictures).toHaveLength(2);
    for (const picture of pictures)
      expect(picture).toMatchObject({ url: expect.stringMatching(/\?size=thumb$/), type: 'image/webp' });
    expect(await page.getByTestId('process-result').count()).toBe(0);
    // Its status, and the day a reply is promised by while it is open.
    expect(await page.getByTestId('complaint-status').textContent()).toBe('Being handled');
    expect(await page.getByTestId('complaint-reply-by').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await p.screenshot('complaint-details');

    // The operator replies with text and a picture and asks for a rating.
    await operatorReply(problemId);
    await page.reload();
    const result = page.getByTestId('process-result');
    await result.waitFor();
    expect(await page.getByTestId('complaint-status').textContent()).toBe('Replied');
    expect(await result.textContent()).toContain('We found your payment of 12 May');
    await page.waitForFunction(loadedImages, ['reply-images', 1] as [string, number]);

    // The rating dialog 3 s after load; Send posts the 4 stars chosen.
    const title = page.getByText('Please rate this service');
    await title.waitFor({ timeout: 6000 });
    await page.locator('[data-testid="rating-stars"] label').nth(3).click();
    await p.screenshot('complaint-rating');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Thank you for rating our service!').first().waitFor();
    await page.getByText('Your rating: 4 of 5').waitFor();
    await title.waitFor({ state: 'detached' });
    await p.screenshot('complaint-rated');

    // Not settled: the borrower answers the reply, which opens the complaint again; where to take
    // it beyond us (the SEC) is on the page.
    expect(await page.getByTestId('complaint-escalation').getByRole('link').getAttribute('href')).toMatch(
      /^https:\/\/www\.sec\.gov\.ph\//,
    );
    await page.getByTestId('complaint-answer-text').fill('The penalty is still on my statement.');
    await page.getByTestId('complaint-answer-send').click();
    await page.getByTestId('complaint-conversation').waitFor();
    await expect.poll(() => page.getByTestId('complaint-status').textContent()).toBe('Being handled');
    expect(await page.getByTestId('complaint-conversation').textContent()).toContain(
      'The penalty is still on my statement.',
    );
    expect(await page.getByTestId('complaint-answer').count()).toBe(0);
    await p.screenshot('complaint-reopened');
    expect(p.errors).toEqual([]);
  });
});
