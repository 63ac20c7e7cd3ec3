import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { and, eq } from 'drizzle-orm';
import { personalDataAccess, uploads } from '../db/schema';

export type AccessKind = 'borrower view' | 'application review' | 'identity picture';

/**
 * Records a staff view of a borrower's personal details or identity documents (docs/privacy.md
 * "Access records"): the data protection officer and the borrower read these. Called by the desks'
 * routes before they answer, so a view that is not recorded is not shown.
 */
export async function recordAccess(
  db: Pick<Db, 'insert'>,
  req: FastifyRequest,
  borrowerId: number | null | undefined,
  what: AccessKind,
): Promise<void> {
  if (!borrowerId) return;
  await db.insert(personalDataAccess).values({ borrowerId, actor: req.staff?.id ?? 'unknown', what });
}

/**
 * `recordAccess` around a desk's read: the view is recorded once it succeeded (a borrower not found
 * records nothing), and its result passed on. The borrower is the read's `borrowerId` unless given.
 */
export async function recorded<T>(
  db: Pick<Db, 'insert'>,
  req: FastifyRequest,
  what: AccessKind,
  read: Promise<T>,
  borrowerId?: number,
): Promise<T> {
  const result = await read;
  if (result === null || result === undefined) return result;
  const owner = borrowerId ?? (result as { borrowerId?: unknown }).borrowerId;
  await recordAccess(db, req, typeof owner === 'number' ? owner : null, what);
  return result;
}

/**
 * A route hook for the staff address of identity pictures: the view is recorded against the
 * borrower who uploaded the picture (an unknown name records nothing and is refused by the route).
 */
export function recordPictureView(db: Pick<Db, 'insert' | 'select'>) {
  return async (req: FastifyRequest<{ Params: { name: string } }>) => {
    const [row] = await db
      .select({ borrowerId: uploads.borrowerId })
      .from(uploads)
      .where(and(eq(uploads.name, req.params.name), eq(uploads.purpose, 'identity')));
    await recordAccess(db, req, row?.borrowerId, 'identity picture');
  };
}
