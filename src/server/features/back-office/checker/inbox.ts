import type { StaffRole } from '../../../../shared/api/define-call';
import type { CheckerItem } from '../../../../shared/contracts/checker-inbox';
import type { Db } from '../../../db/client';
import { pendingMoneyApprovals } from '../../../money';
import { listProductChanges } from '../catalogue/product-changes';
import { listPendingFactorResets } from '../staff/factor-resets';
import { listPendingGrants } from '../staff/role-grants';

interface Me {
  /** The actor name money and product changes keep (the e-mail). */
  actor: string;
  staffId: number | null;
  roles: readonly StaffRole[];
}

/**
 * One inbox of what waits for a second person, for the roles the signed-in member holds: money
 * for finance, the catalogue and staff for admins. Money is read through the money core's door.
 */
export async function checkerInbox(db: Db, me: Me): Promise<CheckerItem[]> {
  const items: CheckerItem[] = [];
  if (me.roles.includes('finance')) {
    for (const m of await pendingMoneyApprovals(db))
      items.push({
        kind: m.kind,
        id: m.id,
        subject: m.orderNo,
        detail: m.detail,
        amount: m.amount,
        proposedBy: m.proposedBy,
        proposedAt: m.proposedAt.toISOString(),
        mine: m.proposedBy === me.actor,
      });
  }
  if (me.roles.includes('admin')) {
    for (const { change, productName, proposerName } of await listProductChanges(db, 'pending'))
      items.push({
        kind: 'productChange',
        id: change.id,
        subject: productName,
        detail: Object.keys(change.proposed).join(', '),
        amount: null,
        proposedBy: proposerName ? `${proposerName} (${change.requestedBy})` : change.requestedBy,
        proposedAt: change.requestedAt.toISOString(),
        mine: change.requestedBy === me.actor,
      });
    for (const g of await listPendingGrants(db))
      items.push({
        kind: 'roleGrant',
        id: g.id,
        subject: g.staffEmail,
        detail: `the ${g.role} role`,
        amount: null,
        proposedBy: g.proposedBy,
        proposedAt: g.createdAt,
        mine: g.proposedById === me.staffId || g.staffId === me.staffId,
      });
    for (const r of await listPendingFactorResets(db))
      items.push({
        kind: 'factorReset',
        id: r.id,
        subject: r.staffEmail,
        detail: 'a new authenticator at the next sign-in',
        amount: null,
        proposedBy: r.proposedBy,
        proposedAt: r.createdAt,
        mine: r.proposedById === me.staffId || r.staffId === me.staffId,
      });
  }
  return items.sort((a, b) => a.proposedAt.localeCompare(b.proposedAt));
}
