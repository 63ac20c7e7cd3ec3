import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRIVACY_CONSENT_VERSION } from '../../src/shared/contracts/application';
import type { TestSession } from './login';

export const ID_PHOTO = fileURLToPath(new URL('../fixtures/id-card.jpg', import.meta.url));
export const SELFIE = fileURLToPath(new URL('../fixtures/selfie.jpg', import.meta.url));

async function post(base: string, session: TestSession, path: string, body: FormData | URLSearchParams) {
  const res = await fetch(`${base}/owner${path}`, {
    method: 'POST',
    headers: { authorization: `Session ${session.sessionId}` },
    body,
  });
  const json = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (json.code !== 0) throw new Error(`${path} answered ${json.code}: ${json.message}`);
  return json.data;
}

async function photo(base: string, session: TestSession, path: string): Promise<string> {
  const form = new FormData();
  form.append('photo', new Blob([readFileSync(path)], { type: 'image/jpeg' }), 'photo.jpg');
  return (await post(base, session, '/v3/application/upload-photo', form)).url as string;
}

/** One ID number per phone: the credit desk flags an ID number two borrowers share. */
export const idNumberOf = (phone: string) => `${phone.slice(-10, -6)}-${phone.slice(-6, -2)}-${phone.slice(-2)}00-0002`;

/**
 * Gives a borrower the complete application submitting needs, through the real calls: consent,
 * every form section, the fixture ID photo and selfie, and a GCash payout account. For browser
 * tests about other things than the application's own pages (e2e/application.test.ts fills them).
 */
export async function completeApplicationAt(base: string, session: TestSession, phone: string): Promise<void> {
  const form = (data: Record<string, string>) => new URLSearchParams(data);
  await post(base, session, '/v3/application/consent', form({ version: PRIVACY_CONSENT_VERSION, agree: '1' }));
  await post(
    base,
    session,
    '/v3/application/save',
    form({
      section: 'personal',
      fullName: 'Carmela Dizon',
      birthDate: '1992-03-08',
      city: 'Quezon City',
      street: '45 Kalayaan Ave., Barangay Pinyahan',
    }),
  );
  await post(
    base,
    session,
    '/v3/application/save',
    form({ section: 'job', employment: 'employed', employer: 'Mabuhay Foods Inc.', monthlyIncome: '2500000' }),
  );
  await post(
    base,
    session,
    '/v3/application/save',
    form({ section: 'ext', refName: 'Ramon Dizon', refRelation: 'parent', refPhone: '09185550101', refConsent: '1' }),
  );
  const [idPhoto, selfie] = [await photo(base, session, ID_PHOTO), await photo(base, session, SELFIE)];
  await post(
    base,
    session,
    '/v3/application/save',
    form({ section: 'public', idType: 'philsys', idNumber: idNumberOf(phone), idPhoto, selfie }),
  );
  await post(
    base,
    session,
    '/v3/bind-card/bind-card-new',
    form({
      product_id: '1',
      cardType: '1',
      channel: '90006',
      walletNo: phone,
      accountName: 'Carmela Dizon',
      birthDate: '1992-03-08',
    }),
  );
}
