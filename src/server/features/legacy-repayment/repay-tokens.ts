import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { legacyRepayTokens } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { RateRule } from '../../abuse/rate-limiter';
import type { Tx } from '../../money';

/** How long one opening of the screen may take before its token expires. */
export const REPAY_TOKEN_TTL_MINUTES = 30;

/** Repayment screens (each a stored token) a borrower may open in an hour. */
export const REPAY_TOKENS_PER_HOUR = 30;

export const repayTokenRules = (borrowerId: number): RateRule[] => [
  {
    key: `legacy:repay-token:${borrowerId}`,
    limit: REPAY_TOKENS_PER_HOUR,
    windowSeconds: 3600,
    message: 'The repayment page was opened too many times. Please try again in {wait}.',
  },
];

/** spec 000 §8, 800005. */
export const DUPLICATE_MESSAGE = 'Do not submit the payment request twice';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random 256-bit token bound to the borrower and the order; only its hash is stored. */
export async function issueRepayToken(db: Db, borrowerId: number, orderId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(legacyRepayTokens).values({
    tokenHash: hashOf(token),
    borrowerId,
    orderId,
    expiresAt: sql`now() + make_interval(mins => ${REPAY_TOKEN_TTL_MINUTES})`,
  });
  return token;
}

/**
 * Refuses a token that is unknown, not this borrower's for this order (without spending it: a
 * borrower who fixes the form can still submit), or already spent (800005). Returns its id.
 */
export async function checkRepayToken(db: Db, token: string, borrowerId: number, orderId: number): Promise<number> {
  const row = await db.query.legacyRepayTokens.findFirst({ where: eq(legacyRepayTokens.tokenHash, hashOf(token)) });
  if (!row || row.borrowerId !== borrowerId) {
    throw new AppError(Code.BAD_REQUEST, 'This repayment page is no longer valid. Please open it again.', {
      field: 'repayToken',
    });
  }
  if (row.orderId !== orderId) {
    throw new AppError(Code.FORBIDDEN, 'This repayment page was opened for another order. Please open it again.');
  }
  // The common case of a second tap, answered before anything else is looked at; a race is settled by the spend.
  if (row.usedAt) throw new AppError(Code.LEGACY_DUPLICATE, DUPLICATE_MESSAGE);
  return row.id;
}

/**
 * Spends the token inside the caller's transaction. Only one request can flip used_at from null:
 * every other one gets 800005 (spec 000 §8), whatever their number.
 */
export async function spendRepayToken(tx: Tx, tokenId: number): Promise<void> {
  const spent = await tx
    .update(legacyRepayTokens)
    .set({ usedAt: sql`now()` })
    .where(
      sql`${legacyRepayTokens.id} = ${tokenId} and ${legacyRepayTokens.usedAt} is null and ${legacyRepayTokens.expiresAt} > now()`,
    )
    .returning({ id: legacyRepayTokens.id });
  if (spent.length > 0) return;
  const [row] = await tx.select().from(legacyRepayTokens).where(eq(legacyRepayTokens.id, tokenId));
  if (row?.usedAt) throw new AppError(Code.LEGACY_DUPLICATE, DUPLICATE_MESSAGE);
  throw new AppError(Code.BAD_REQUEST, 'This repayment page has expired. Please open it again.', {
    field: 'repayToken',
  });
}
