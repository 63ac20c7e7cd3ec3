import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { FindingKind, Resolution } from '../../../shared/contracts/reconciliation';
import { manilaToday } from '../../../shared/format/date';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { payments, payouts, payRequests, reconciliationFindings } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { requestManualPosting, requestReversal, applyPayoutEvent, postConfirmed } from '../../money';
import type { Finding } from './findings';
import { ACTIONS } from './matching';

export interface ResolveInput {
  findingId: number;
  action: Resolution;
  note: string;
  orderNo?: string | undefined;
  actor: string;
}

/** What a resolution did to the books, for the audit log. */
export interface ResolveOutcome {
  finding: Finding;
  resolution: 'posted' | 'entered' | 'reversed' | 'explained';
  booked: Record<string, unknown>;
}

/**
 * Finance resolves an open finding. Post: money the provider took is posted through the same
 * provider-confirmed path as its callback (a pay request of ours), or entered as a manual posting
 * for a second finance user to approve (no pay request: the contract is named); a payout the
 * provider paid is completed as its webhook would. Reverse: the posting is taken back through the
 * reversal two finance users agree on (entered here, approved in Payments). Explain: a note, the books unchanged. Nothing else moves money, and each path posts
 * or reverses at most once whatever the number of clicks.
 */
export async function resolveFinding(
  db: Db,
  input: ResolveInput,
  clock: Clock,
  toleranceCentavos: number,
): Promise<ResolveOutcome> {
  const [finding] = await db
    .select()
    .from(reconciliationFindings)
    .where(eq(reconciliationFindings.id, input.findingId));
  if (!finding) throw new AppError(Code.NOT_FOUND, 'The finding was not found', { field: 'findingId' });
  if (finding.status !== 'open')
    throw new AppError(Code.CONFLICT, `This finding is already ${finding.status}`, { field: 'findingId' });
  const kind = finding.kind as FindingKind;
  const allowed = ACTIONS[kind];
  if (!allowed.includes(input.action))
    throw badRequest(`A ${kind} finding can be resolved by: ${allowed.join(', ')}`, 'action');
  const today = clock.today();
  let resolution: ResolveOutcome['resolution'] = 'explained';
  let booked: Record<string, unknown> = {};

  if (input.action === 'post' && kind === 'paid-not-posted') {
    const amount = finding.providerAmount;
    if (amount === null) throw new AppError(Code.CONFLICT, 'The provider gave no amount to post');
    const [earlier] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, finding.provider), eq(payments.reference, finding.reference)));
    if (earlier) {
      // A reference posts once: money reversed by hand comes back as a manual posting under a new reference.
      throw new AppError(
        Code.CONFLICT,
        `The posting of ${finding.reference} was reversed by ${earlier.reversedBy ?? 'finance'}: enter the money as a manual posting, or explain`,
        { field: 'action' },
      );
    }
    const [request] = await db
      .select()
      .from(payRequests)
      .where(and(eq(payRequests.provider, finding.provider), eq(payRequests.reference, finding.reference)));
    if (request) {
      if (request.amount !== amount) {
        throw new AppError(
          Code.CONFLICT,
          `The provider's amount (${amount}) is not the amount requested (${request.amount}): explain it, or post the money by hand`,
          { field: 'action' },
        );
      }
      const posted = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(payRequests).where(eq(payRequests.id, request.id)).for('update');
        const event = {
          eventId: `reconciliation:${finding.id}`,
          reference: finding.reference,
          amount,
          status: 'paid' as const,
          paidAt: finding.providerAt ?? undefined,
        };
        return postConfirmed(tx, finding.provider, locked ?? request, event, clock.now(), today);
      });
      resolution = 'posted';
      booked = { paymentId: posted.paymentId, duplicate: posted.duplicate, orderStatus: posted.orderStatus };
    } else {
      if (!input.orderNo)
        throw badRequest(
          'No pay request of ours has this reference: give the contract number the money belongs to',
          'orderNo',
        );
      const valueDate = manilaToday(finding.providerAt ? new Date(finding.providerAt) : clock.now());
      const entered = await requestManualPosting(
        db,
        {
          orderNo: input.orderNo,
          reference: finding.reference,
          amount,
          kind: 'repayment',
          valueDate,
          actor: input.actor,
        },
        today,
        toleranceCentavos,
      );
      resolution = 'entered';
      booked = {
        manualPosting: entered.request.id,
        orderNo: entered.orderNo,
        awaiting: 'a second finance user (Payments)',
      };
    }
  } else if (input.action === 'post') {
    const [payout] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.provider, finding.provider), eq(payouts.reference, finding.reference)));
    if (!payout || !['approved', 'accepted'].includes(payout.status) || finding.providerAmount !== payout.amount) {
      throw new AppError(
        Code.CONFLICT,
        payout
          ? `Payout ${payout.reference} is ${payout.status} for ${payout.amount}: explain it instead`
          : 'No payout of ours has this reference: explain it instead',
        {
          field: 'action',
        },
      );
    }
    const outcome = await applyPayoutEvent(
      db,
      finding.provider,
      {
        eventId: `reconciliation:${finding.providerTransactionId ?? finding.id}:succeeded`,
        reference: payout.reference,
        providerId: payout.providerId ?? finding.providerTransactionId ?? payout.reference,
        amount: payout.amount,
        status: 'succeeded',
        at: finding.providerAt ?? clock.now().toISOString(),
      },
      clock,
    );
    resolution = 'posted';
    booked = { payout: payout.reference, status: outcome.status, orderStatus: outcome.orderStatus };
  } else if (input.action === 'reverse') {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, finding.provider), eq(payments.reference, finding.reference)));
    if (payment?.status !== 'posted')
      throw new AppError(Code.CONFLICT, 'There is no posting of this reference to reverse', { field: 'action' });
    // A reversal needs a second finance user: the finding enters it, Payments approves it.
    const entered = await requestReversal(db, {
      paymentId: payment.id,
      reason: `reconciliation ${finding.businessDate}: ${input.note}`,
      actor: input.actor,
    });
    resolution = 'entered';
    booked = {
      reversalRequest: entered.request.id,
      duplicate: entered.duplicate,
      awaiting: 'a second finance user (Payments)',
    };
  }

  const [closed] = await db
    .update(reconciliationFindings)
    .set({
      status: 'resolved',
      resolution,
      note: input.note,
      resolvedBy: input.actor,
      resolvedAt: new Date(),
      updatedAt: sql`now()`,
    })
    .where(and(eq(reconciliationFindings.id, finding.id), eq(reconciliationFindings.status, 'open')))
    .returning();
  // Resolved at the same moment by someone else: the books moved at most once (each path is idempotent).
  if (!closed) throw new AppError(Code.CONFLICT, 'This finding was resolved meanwhile', { field: 'findingId' });
  return { finding: closed, resolution, booked };
}
