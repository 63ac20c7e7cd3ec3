import { existsSync } from 'node:fs';

/**
 * Where Chromium is: CHROMIUM_PATH, else Debian's headless shell (`apt-get install
 * chromium-headless-shell`), else Debian's full Chromium. The headless shell is the same engine
 * without the browser's window layers; it is what Playwright runs headless by default, and here
 * it runs the browser tests with about a third less CPU than the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Headless in a container, nothing fetched from outside. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
