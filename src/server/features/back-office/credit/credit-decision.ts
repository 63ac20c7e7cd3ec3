import { Code } from '../../../../shared/codes';
import {
  APPROVE_REASONS,
  type ApproveReason,
  REJECT_REASONS,
  type RejectReason,
} from '../../../../shared/contracts/credit-review';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { creditNotes, loanOrders } from '../../../db/schema';
import { eq } from 'drizzle-orm';
import { duplicateSignals } from '../../../duplicate-signals/signals';

const joined = (listed: string | undefined, own: string | undefined) =>
  [listed, own?.trim()].filter((part) => part).join(' ');

/**
 * The reason kept with an approval: the listed one and the note. An application whose borrower
 * shares an ID number, a payout account or a mobile number with another borrower is approved only
 * with a reason, so the history says why the signal was accepted.
 */
export async function approvalReason(
  db: Db,
  orderId: number,
  input: { reasonCode?: ApproveReason | undefined; note?: string | undefined },
): Promise<string | undefined> {
  const reason = joined(input.reasonCode ? APPROVE_REASONS[input.reasonCode] : undefined, input.note);
  if (reason) return reason;
  const [order] = await db
    .select({ borrowerId: loanOrders.borrowerId })
    .from(loanOrders)
    .where(eq(loanOrders.id, orderId));
  const signals = order ? ((await duplicateSignals(db, [order.borrowerId])).get(order.borrowerId) ?? []) : [];
  if (signals.length > 0) {
    throw new AppError(
      Code.BAD_REQUEST,
      'This borrower shares details with other borrowers: choose why you approve it',
      { field: 'reasonCode' },
    );
  }
  return undefined;
}

/** The reason the borrower reads on a refused application: the listed sentence and any words of credit's own. */
export const rejectionReason = (input: { reasonCode?: RejectReason | undefined; reason?: string | undefined }) =>
  joined(input.reasonCode ? REJECT_REASONS[input.reasonCode] : undefined, input.reason);

/** Credit's internal note on a decision: kept apart from the reason, read only by staff in the review. */
export async function keepInternalNote(db: Db, orderId: number, actor: string, note: string): Promise<void> {
  await db.insert(creditNotes).values({ orderId, actor, note });
}
