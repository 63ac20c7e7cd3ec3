import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { borrowers, complaints, uploads } from '../../db/schema';
import { DAILY_COMPLAINT_LIMIT } from './complaint-service';
import { buildComplaintsApp, picture, postForm, signIn, uploadFile } from '../../test/complaint-support';
import { DAILY_UPLOAD_LIMIT } from '../../providers/storage/uploads';

const t = await buildComplaintsApp();

const call = (path: string, headers: Record<string, string>, body: Record<string, string | number> = {}) =>
  postForm(t, `/owner/user-problem/${path}`, headers, body);

async function countFor(headers: Record<string, string>): Promise<number> {
  const tabs = (await call('problem-list', headers)).body.data.tabs as { list: unknown[] }[];
  return tabs.reduce((n, tab) => n + tab.list.length, 0);
}

describe('flood limits', () => {
  it('a borrower may file 20 complaints a day; the 21st is refused and not stored', async () => {
    const headers = await signIn(t, '09175561002');
    const id = await borrowerIdOf('09175561002');
    await t.database.db.insert(complaints).values(
      Array.from({ length: DAILY_COMPLAINT_LIMIT }, (_, i) => ({
        borrowerId: id,
        problemType: 4,
        detail: `Idea ${i}`,
      })),
    );
    const res = await call('problem-save', headers, { problemType: 4, problemDetail: 'One more' });
    expect(res.body.code).toBe(Code.RATE_LIMITED);
    expect(await countFor(headers)).toBe(DAILY_COMPLAINT_LIMIT);
  });

  it('a borrower may upload 100 pictures a day', async () => {
    const headers = await signIn(t, '09175561003');
    const id = await borrowerIdOf('09175561003');
    await t.database.db.insert(uploads).values(
      Array.from({ length: DAILY_UPLOAD_LIMIT }, (_, i) => ({
        name: `flood${String(i).padStart(17, '0')}.jpg`,
        borrowerId: id,
        uploadedBy: 'borrower',
        contentType: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
      })),
    );
    const res = await uploadFile(t, headers, await picture());
    expect(res.body.code).toBe(Code.RATE_LIMITED);
  });
});

async function borrowerIdOf(phone: string): Promise<number> {
  const [row] = await t.database.db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, phone));
  return row?.id ?? 0;
}
