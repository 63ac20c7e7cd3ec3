import { Secret, TOTP } from 'otpauth';

/**
 * What a staff member's authenticator app would show, for tests that sign staff in: the secret
 * each test account enrolled with, and the next code that has not been used yet (a code is
 * accepted once; the server allows one step of clock drift, so a test may use the next step's).
 */
const enrolled = new Map<string, { secret: string; lastStep: number }>();

export function rememberSecret(email: string, secret: string): void {
  enrolled.set(email.toLowerCase(), { secret, lastStep: 0 });
}

export function knownSecret(email: string): string | undefined {
  return enrolled.get(email.toLowerCase())?.secret;
}

/** The next unused code for an enrolled account; waits when the current and next steps are both used. */
export async function nextCode(email: string, secret = knownSecret(email)): Promise<string> {
  if (!secret) throw new Error(`no authenticator secret known for ${email}`);
  const entry = enrolled.get(email.toLowerCase()) ?? { secret, lastStep: 0 };
  const nowStep = Math.floor(Date.now() / 30_000);
  let step = Math.max(nowStep, entry.lastStep + 1);
  if (step > nowStep + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 50));
    step = Math.max(Math.floor(Date.now() / 30_000), entry.lastStep + 1);
  }
  enrolled.set(email.toLowerCase(), { secret, lastStep: step });
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: step * 30_000 });
}
