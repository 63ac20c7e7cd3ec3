import type { Page, Request } from 'playwright-core';

/** How long no request may be open before the network counts as quiet. */
const QUIET_MS = 150;
/** A request open this long is stuck, not slow: the wait fails and names it. */
const GIVE_UP_MS = 15_000;

/**
 * Follows a page's requests from now on and answers a wait for its network to be quiet: no request
 * open, and none started or ended for 150 ms. Playwright's `networkidle` waits 500 ms of silence
 * and only after a navigation (a hash change or a tap does not start it again); this waits as
 * long as the page is actually fetching, after anything.
 */
export function trackRequests(page: Page): () => Promise<void> {
  const open = new Set<Request>();
  let changedAt = Date.now();
  page.on('request', (request) => {
    open.add(request);
    changedAt = Date.now();
  });
  const done = (request: Request) => {
    open.delete(request);
    changedAt = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async function networkQuiet() {
    const giveUpAt = Date.now() + GIVE_UP_MS;
    for (;;) {
      const quietFor = Date.now() - changedAt;
      if (open.size === 0 && quietFor >= QUIET_MS) return;
      if (Date.now() > giveUpAt)
        throw new Error(`requests still open after ${GIVE_UP_MS} ms: ${[...open].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, open.size === 0 ? QUIET_MS - quietFor : 25));
    }
  };
}
