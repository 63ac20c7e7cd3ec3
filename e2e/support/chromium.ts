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
