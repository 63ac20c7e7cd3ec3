/**
 * The boot module of a page that paints from its HTML: the script that starts the
 * page's scripts once it has painted. It is the same text on every page, so the server's
 * Content-Security-Policy allows exactly this inline script by its hash (server/plugins/security.ts)
 * and no other; the page's own list of scripts travels beside it as JSON.
 */

/** The element that lists a booted page's scripts (see app/document.ts `bootAfterPaint`). */
export const BOOT_LIST_ID = 'hiram-boot';

/** What the boot module starts, in its order (the JSON of `BOOT_LIST_ID`). */
export interface BootList {
  /** The app's entry. */
  entry: string;
  /** Chunks the entry imports, each run in a task of its own before the entry (React DOM among them). */
  early: string[];
  /** Every script of the page, asked for a few per task (modulepreload). */
  preloads: string[];
}

/**
 * The boot module. It waits until the page has painted (the browser's first contentful paint,
 * reported once it is on the screen, not when it was drawn: on a slow phone the two can be 100
 * ms apart) and has loaded (its pictures in view have arrived: often the largest thing it
 * paints), then a frame more (the pictures drawn), or at most `BOOT_WAIT_MS` after it runs when a
 * picture is slow, so the scripts never share the connection or the main thread with what the
 * reader is waiting to see. A browser without paint timing goes by the load and the frame. Then
 * it asks for every script, a few per task (`PRELOADS_PER_TASK`), and runs the entry's chunks
 * one task each before the entry, so the phone can paint and answer a tap between them. A chunk
 * that fails to load is left to the entry's own import to report.
 */
export const BOOT_WAIT_MS = 1500;
/**
 * Script requests started per task: each one costs the main thread a moment (the first about 5
 * ms on this machine, 10–30 ms for a page's dozen), too long for one task on a slow phone.
 */
export const PRELOADS_PER_TASK = 4;
export const BOOT_MODULE = `const { entry, early, preloads } = JSON.parse(document.getElementById('${BOOT_LIST_ID}').textContent);
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
const preload = (batch) => {
  const links = document.createDocumentFragment();
  for (const href of batch) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
};
let started = false;
const start = () => {
  if (started) return;
  started = true;
  let chain = Promise.resolve();
  for (let i = 0; i < preloads.length; i += ${PRELOADS_PER_TASK}) {
    const batch = preloads.slice(i, i + ${PRELOADS_PER_TASK});
    chain = chain.then(() => preload(batch)).then(nextTask);
  }
  for (const src of early) chain = chain.then(() => import(src)).then(nextTask, nextTask);
  chain.then(() => import(entry));
};
const painted = new Promise((resolve) => {
  if (!self.PerformanceObserver || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    resolve();
  }).observe({ type: 'paint', buffered: true });
});
const loaded = new Promise((resolve) => {
  if (document.readyState === 'complete') resolve();
  else addEventListener('load', resolve, { once: true });
});
Promise.all([painted, loaded]).then(() => requestAnimationFrame(() => setTimeout(start)));
setTimeout(start, ${BOOT_WAIT_MS});
`;
