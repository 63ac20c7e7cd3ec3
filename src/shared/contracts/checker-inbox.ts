import { z } from 'zod';
import { defineCall } from '../api/define-call';

/**
 * Everything waiting for a second person, in one list: money (payouts, refunds, manual postings,
 * reversals, write-offs, credit transfers) for finance; product changes, money-role grants and
 * second-factor resets for admins. Each item says who asked and when; the person who asked sees
 * their own items without an approve button (`mine`), as the server refuses them too.
 */
export const CHECKER_KINDS = [
  'payout',
  'refund',
  'manualPosting',
  'reversal',
  'writeOff',
  'creditTransfer',
  'productChange',
  'roleGrant',
  'factorReset',
] as const;
export type CheckerKind = (typeof CHECKER_KINDS)[number];

/** What each kind is called on the desk. */
export const CHECKER_KIND_LABELS: Record<CheckerKind, string> = {
  payout: 'Payout',
  refund: 'Refund',
  manualPosting: 'Manual payment',
  reversal: 'Payment reversal',
  writeOff: 'Write-off',
  creditTransfer: 'Credit to another loan',
  productChange: 'Product change',
  roleGrant: 'Money role',
  factorReset: 'Second-factor reset',
};

export const checkerItem = z.object({
  kind: z.enum(CHECKER_KINDS),
  /** The id the kind's own approve and reject calls take. */
  id: z.number().int(),
  /** The contract, the product or the staff member it is about. */
  subject: z.string(),
  detail: z.string(),
  amount: z.number().int().nullable(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  /** The signed-in person asked for it (or it is about them): they may not decide it. */
  mine: z.boolean(),
});
export type CheckerItem = z.infer<typeof checkerItem>;

export const checkerInbox = defineCall({
  name: 'backOffice.checkerInbox',
  method: 'GET',
  path: '/admin/checker/inbox',
  auth: false,
  staffRole: 'signedIn',
  success: 0,
  summary:
    'Everything waiting for a second person that the signed-in roles may decide (finance: money; admin: product changes, role grants, second-factor resets), oldest first, with who asked and when',
  request: z.object({}),
  reply: z.object({ list: z.array(checkerItem) }),
});
