import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../shared/api/define-call';
import { Code } from '../../shared/codes';
import { AppError } from '../http/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by the staff hook: the operator role the route needs. */
    staffRole?: StaffRole;
  }
  interface FastifyRequest {
    staff: { id: string; roles: readonly StaffRole[] } | null;
  }
}

const ALL_ROLES: readonly StaffRole[] = ['support', 'credit', 'finance', 'admin'];

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The staff check for operator calls, one hook like the borrower session check. Until staff
 * accounts exist (issue 9), the configured operator token acts with every role.
 */
export function installStaffHook(app: FastifyInstance, operatorToken: string | undefined): void {
  app.decorateRequest('staff', null);
  app.addHook('preValidation', async (req) => {
    const role = req.routeOptions.config.staffRole;
    if (!role) return;
    const header = req.headers.authorization;
    const token = typeof header === 'string' ? /^Operator\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
    if (!operatorToken || !token || !sameSecret(token, operatorToken)) {
      throw new AppError(Code.SESSION_EXPIRED, 'Staff sign-in required');
    }
    req.staff = { id: 'operator-token', roles: ALL_ROLES };
    if (!req.staff.roles.includes(role)) throw new AppError(Code.FORBIDDEN, `This needs the ${role} role`);
  });
}
