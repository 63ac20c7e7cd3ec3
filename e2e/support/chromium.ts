/** Where Chromium is (Debian's package by default) and its flags for the browser tests. */
export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/**
 * The test worker's number, 1 to the number of workers: test files run one after another in each
 * worker, and each worker has a server of its own, so files in two workers never share data.
 */
export const workerNumber = (): number => Number(process.env.VITEST_POOL_ID ?? '1');
