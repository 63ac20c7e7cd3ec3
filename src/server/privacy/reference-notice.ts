import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { applicationAnswers, referenceNotices } from '../db/schema';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { isBlocked } from './holds';

/** The reference's number is kept only as a digest here: enough to send the notice once. */
const digestOf = (phone: string) => createHash('sha256').update(phone).digest('hex');

/**
 * The notice a reference person receives (NPC Circular 20-01 as amended: references are not to be
 * used for collection). It names who named them, says the number is used only to verify the
 * application, never mentions a debt, and tells them how to object. Both languages in one text:
 * we do not know the reference's language.
 */
export function referenceNoticeText(borrowerName: string, lenderPhone: string): string {
  return (
    `Hiram: ${borrowerName} named you as a reference in a loan application. Your number is used only to verify ` +
    `that application; you will not be asked to pay. To object, call ${lenderPhone}. / ` +
    `Pinangalanan ka ni ${borrowerName} bilang reference sa isang loan application. Gagamitin lang ang numero mo ` +
    `para i-verify ito; hindi ka sisingilin. Para tumutol, tumawag sa ${lenderPhone}.`
  );
}

/**
 * Tells the reference named in the borrower's application, once per borrower and number, when an
 * application is submitted. A notice that does not go out is forgotten, so the next submission tries
 * again; the application itself never fails for it.
 */
export async function tellReference(
  db: Db,
  sms: SmsProvider,
  borrowerId: number,
  lenderPhone: string,
  log?: FastifyBaseLogger,
): Promise<'sent' | 'already' | 'none'> {
  const [ext, personal] = await Promise.all(
    (['ext', 'personal'] as const).map((section) =>
      db.query.applicationAnswers.findFirst({
        where: and(eq(applicationAnswers.borrowerId, borrowerId), eq(applicationAnswers.section, section)),
      }),
    ),
  );
  const phone = ext?.answers.refPhone;
  if (!phone || (await isBlocked(db, borrowerId))) return 'none';
  const [claimed] = await db
    .insert(referenceNotices)
    .values({ borrowerId, phoneDigest: digestOf(phone) })
    .onConflictDoNothing()
    .returning({ id: referenceNotices.id });
  if (!claimed) return 'already';
  try {
    await sms.send(phone, referenceNoticeText(personal?.answers.fullName ?? 'A borrower', lenderPhone));
    return 'sent';
  } catch (err) {
    await db.delete(referenceNotices).where(eq(referenceNotices.id, claimed.id));
    log?.warn({ err, borrowerId }, 'reference notice not sent');
    return 'none';
  }
}
