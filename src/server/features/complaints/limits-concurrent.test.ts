import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { borrowers, complaints, uploads } from '../../db/schema';
import { DAILY_COMPLAINT_LIMIT } from './complaint-service';
import { buildComplaintsApp, picture, postForm, signIn, uploadFile } from '../../test/complaint-support';
import { DAILY_UPLOAD_LIMIT } from '../../providers/storage/uploads';

const t = await buildComplaintsApp();
const db = t.database.db;

async function borrowerIdOf(phone: string): Promise<number> {
  const [row] = await db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, phone));
  return row?.id ?? 0;
}

// The requests overlap for real on PostgreSQL; on PGlite they run one query at a time.
describe('per-borrower daily caps under concurrent requests', () => {
  it('30 complaints at once on top of 10 store exactly up to the cap of 20', async () => {
    const headers = await signIn(t, '09175563001');
    const id = await borrowerIdOf('09175563001');
    const already = DAILY_COMPLAINT_LIMIT - 10;
    await db
      .insert(complaints)
      .values(Array.from({ length: already }, (_, i) => ({ borrowerId: id, problemType: 4, detail: `Idea ${i}` })));
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postForm(t, '/owner/user-problem/problem-save', headers, { problemType: 4, problemDetail: `Burst ${i}` }),
      ),
    );
    expect(replies.filter((r) => r.body.code === '00').length).toBe(10);
    expect(replies.filter((r) => r.body.code === Code.RATE_LIMITED).length).toBe(20);
    const [stored] = await db.select({ n: count() }).from(complaints).where(eq(complaints.borrowerId, id));
    expect(stored?.n).toBe(DAILY_COMPLAINT_LIMIT);
  });

  it('20 uploads at once on top of 95 store exactly up to the cap of 100', async () => {
    const headers = await signIn(t, '09175563002');
    const id = await borrowerIdOf('09175563002');
    const already = DAILY_UPLOAD_LIMIT - 5;
    await db.insert(uploads).values(
      Array.from({ length: already }, (_, i) => ({
        name: `burst${String(i).padStart(17, '0')}.jpg`,
        borrowerId: id,
        uploadedBy: 'borrower',
        contentType: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
      })),
    );
    const image = await picture();
    const replies = await Promise.all(Array.from({ length: 20 }, () => uploadFile(t, headers, image)));
    expect(replies.filter((r) => r.body.code === '00').length).toBe(5);
    expect(replies.filter((r) => r.body.code === Code.RATE_LIMITED).length).toBe(15);
    const [stored] = await db.select({ n: count() }).from(uploads).where(eq(uploads.borrowerId, id));
    expect(stored?.n).toBe(DAILY_UPLOAD_LIMIT);
  });
});
