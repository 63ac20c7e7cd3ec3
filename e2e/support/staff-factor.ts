import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { workerNumber } from './worker';

/**
 * What each staff member's authenticator app and desk drawer would hold during a browser-test run:
 * the enrolled secret, the last 30-second step used (a code is accepted once), the recovery codes
 * shown at enrolment, and a live token. Test files run one after another in each worker, each
 * worker with a server (and staff) of its own, so this is a file per worker, started afresh by the
 * global setup.
 */
const STORE_PREFIX = 'e2e-staff-factors-';
const storePath = () => `test-results/${STORE_PREFIX}${workerNumber()}.json`;

interface Factor {
  /** The password the member chose at their first sign-in, replacing the one the admin typed. */
  password?: string;
  secret?: string;
  lastStep: number;
  recoveryCodes: string[];
  token?: string;
}

type Store = Record<string, Factor>;

const read = (): Store => (existsSync(storePath()) ? (JSON.parse(readFileSync(storePath(), 'utf8')) as Store) : {});

export function resetFactorStores(): void {
  if (!existsSync('test-results')) return;
  for (const name of readdirSync('test-results'))
    if (name.startsWith(STORE_PREFIX)) rmSync(`test-results/${name}`, { force: true });
}

export function factorOf(email: string): Factor {
  return read()[email.toLowerCase()] ?? { lastStep: 0, recoveryCodes: [] };
}

export function saveFactor(email: string, change: Partial<Factor>): void {
  const store = read();
  store[email.toLowerCase()] = { ...factorOf(email), ...change };
  mkdirSync('test-results', { recursive: true });
  writeFileSync(storePath(), JSON.stringify(store, null, 2));
}

/** The authenticator's next unused code; waits for a new step when this one and the next are used. */
export async function nextCode(email: string): Promise<string> {
  const factor = factorOf(email);
  if (!factor.secret) throw new Error(`no authenticator secret for ${email}`);
  let step = Math.max(Math.floor(Date.now() / 30_000), factor.lastStep + 1);
  if (step > Math.floor(Date.now() / 30_000) + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 50));
    step = Math.max(Math.floor(Date.now() / 30_000), factor.lastStep + 1);
  }
  saveFactor(email, { lastStep: step });
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(factor.secret) }).generate({
    timestamp: step * 30_000,
  });
}

/** A recovery code not used yet, taken out of the drawer; undefined when none is left. */
export function takeRecoveryCode(email: string): string | undefined {
  const [code, ...rest] = factorOf(email).recoveryCodes;
  if (code) saveFactor(email, { recoveryCodes: rest });
  return code;
}
