import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../shared/api/define-call';
import { Code } from '../../shared/codes';
import type { Db } from '../db/client';
import type { SessionPolicy } from '../features/auth/session-service';
import { type AuditEntry, writeAudit } from '../audit/audit';
import { resolveStaffSession } from '../features/back-office/staff/staff-service';
import { AppError } from '../http/app-error';
import { OPERATOR_ROLES, operatorMayCall } from './operator-scope';

export interface SignedInStaff {
  /** How the staff member appears in order events and payments: the e-mail, or "operator-token". */
  id: string;
  /** The account; null for the configured operator token. */
  staffId: number | null;
  roles: readonly StaffRole[];
  /** The raw token of a staff session (sign-out revokes it). */
  token: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by the staff hook: the operator role the route needs, or any signed-in staff. */
    staffRole?: StaffRole | 'signedIn';
    /** The contract call's name (audit log). */
    callName?: string;
  }
  interface FastifyRequest {
    staff: SignedInStaff | null;
    /** What a staff call changed, set by its handler; without it the audit log gets the input and the reply. */
    audit: Omit<AuditEntry, 'staffId' | 'actor' | 'action'> | null;
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const ID_FIELDS = ['orderId', 'problemId', 'productId', 'id', 'orderNo', 'date'] as const;

function defaultAudit(req: FastifyRequest, payload: unknown): Omit<AuditEntry, 'staffId' | 'actor' | 'action'> {
  const input = (req.body ?? {}) as Record<string, unknown>;
  const idField = ID_FIELDS.find((field) => input[field] !== undefined);
  const name = req.routeOptions.config.callName ?? req.url;
  return {
    entity: name.split('.')[0] ?? 'call',
    entityId: idField ? String(input[idField]) : null,
    before: null,
    after: { input, reply: (payload as { data?: unknown } | null)?.data ?? null },
  };
}

/**
 * A refused staff call (no or a dead credential: 401; a missing role: 403) is written to the audit
 * log like an accepted one, so an admin sees who tried what and when. The input is not kept: a
 * refused caller does not get to write its payload into the log.
 */
async function auditRefusal(db: Db, req: FastifyRequest, why: Record<string, unknown>): Promise<void> {
  const staff = req.staff;
  await writeAudit(db, {
    staffId: staff?.staffId ?? null,
    actor: staff?.id ?? 'unknown',
    action: req.routeOptions.config.callName ?? `${req.method} ${req.routeOptions.url ?? ''}`,
    entity: 'refused',
    entityId: null,
    after: { ...why, method: req.method, path: req.routeOptions.url ?? null, ip: req.ip },
  });
}

/**
 * The staff check for operator calls, one hook like the borrower session check (architecture.md: Back office):
 * `Authorization: Staff <token>` from a staff sign-in, or the configured operator token
 * (`Operator <token>`, for scripts: only the calls of `OPERATOR_CALLS`). Every successful staff POST is written to the
 * audit log before its reply leaves.
 */
export function installStaffHook(
  app: FastifyInstance,
  db: Db,
  operatorToken: string | undefined,
  policy: SessionPolicy,
): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('audit', null);
  app.addHook('preValidation', async (req) => {
    const role = req.routeOptions.config.staffRole;
    if (!role) return;
    const header = typeof req.headers.authorization === 'string' ? req.headers.authorization.trim() : '';
    const [, scheme, token] = /^(Staff|Operator)\s+(\S+)$/i.exec(header) ?? [];
    if (token && scheme?.toLowerCase() === 'operator' && operatorToken && sameSecret(token, operatorToken)) {
      req.staff = { id: 'operator-token', staffId: null, roles: OPERATOR_ROLES, token: null };
    } else if (token && scheme?.toLowerCase() === 'staff') {
      const member = await resolveStaffSession(db, token, policy);
      if (member) req.staff = { id: member.email, staffId: member.id, roles: member.roles, token };
    }
    if (!req.staff) {
      await auditRefusal(db, req, {
        code: Code.SESSION_EXPIRED,
        credential: scheme ? `${scheme.toLowerCase()} token not accepted` : 'none',
      });
      throw new AppError(Code.SESSION_EXPIRED, 'Staff sign-in required');
    }
    if (req.staff.id === 'operator-token' && !operatorMayCall(req.routeOptions.config.callName)) {
      await auditRefusal(db, req, { code: Code.FORBIDDEN, needs: 'a person', operatorToken: 'not for this call' });
      throw new AppError(
        Code.FORBIDDEN,
        'The operator token is for automation calls only; a person must sign in for this',
      );
    }
    if (role !== 'signedIn' && !req.staff.roles.includes(role)) {
      await auditRefusal(db, req, { code: Code.FORBIDDEN, needs: role, has: [...req.staff.roles] });
      throw new AppError(Code.FORBIDDEN, `This needs the ${role} role`);
    }
  });
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const staff = req.staff;
    const code = (payload as { code?: unknown } | null)?.code;
    if (!staff || req.method !== 'POST' || !req.routeOptions.config.staffRole || (code !== 0 && code !== '00'))
      return payload;
    const action = req.routeOptions.config.callName ?? req.url;
    await writeAudit(db, {
      staffId: staff.staffId,
      actor: staff.id,
      action,
      ...(req.audit ?? defaultAudit(req, payload)),
    });
    return payload;
  });
}
