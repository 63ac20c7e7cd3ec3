import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../../shared/api/define-call';
import { Code } from '../../../shared/codes';
import * as staffCalls from '../../../shared/contracts/back-office';
import * as queueCalls from '../../../shared/contracts/back-office-queues';
import * as reviewCalls from '../../../shared/contracts/credit-review';
import * as checkerCalls from '../../../shared/contracts/checker-inbox';
import { checkerInbox } from './checker/inbox';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { recorded } from '../../privacy/access-log';
import { listAudit, writeAudit } from '../../audit/audit';
import { borrowerRoutes } from './borrowers/borrower-routes';
import { collectionsRoutes } from './collections/collections-routes';
import { auditExportRoute } from './audit/audit-export-route';
import { exportRoutes } from './exports/export-routes';
import { reportRoutes } from './reports/report-routes';
import { catalogueRoutes } from './catalogue/catalogue-routes';
import { applicationsQueue, creditReview } from './credit/credit-review';
import { listCobRuns, listPayments } from './finance/finance-lists';
import { listContactMessages } from './support/contact-messages';
import { FAILED, SIGNED_IN, failureDetail, guardSignIn } from './sign-in/sign-in-guard';
import { finishEnrolment, isEnrolled, startEnrolment, verifySecondFactor } from './sign-in/second-factor';
import { claimFactorTry, clearFactorTries, isAuthenticatorCode } from './sign-in/second-factor-limit';
import { staffFactorKey } from './sign-in/second-factor-secret';
import {
  approveFactorReset,
  factorResetPending,
  listPendingFactorResets,
  proposeFactorReset,
  rejectFactorReset,
} from './staff/factor-resets';
import {
  approveGrant,
  listPendingGrants,
  pendingRolesOf,
  proposeGrants,
  rejectGrant,
  splitRoles,
} from './staff/role-grants';
import {
  checkPassword,
  createStaff,
  createStaffSession,
  listStaff,
  revokeStaffSession,
  setOwnPassword,
  staffRowOf,
  updateStaff,
} from './staff/staff-service';

/**
 * The signed-in person behind a staff-administration call. The operator token never reaches these
 * calls (operator-scope.ts); this keeps a grant's proposer and approver people even if it did.
 */
function personOf(staff: FastifyRequest['staff']): number {
  if (!staff?.staffId) throw new AppError(Code.FORBIDDEN, 'A person must sign in for this');
  return staff.staffId;
}

/** architecture.md: Back office: staff sign-in, staff accounts, audit, and the back office's queues and catalogue. */
export function backOfficeRoutes(
  app: FastifyInstance,
  { db, config, clock, signInWait, rateClock, sms }: AppContext,
): void {
  const policy = { idleMinutes: config.STAFF_SESSION_IDLE_MINUTES, absoluteDays: 1 };
  const factorKey = staffFactorKey(config.STAFF_FACTOR_KEY);

  registerCall(app, staffCalls.staffLogin, async ({ email, password, code, newPassword }, { req }) => {
    const refuse = async (message: string, field: 'password' | 'code') => {
      await writeAudit(db, {
        staffId: null,
        actor: email,
        action: FAILED,
        entity: 'staffAuth',
        entityId: email,
        after: failureDetail(req.ip),
      });
      return new AppError(Code.FORBIDDEN, message, { field });
    };
    const member = await guardSignIn(db, email, req.ip, (lane) => checkPassword(db, email, password, lane), signInWait);
    if (!member) throw await refuse('The e-mail or the password is wrong', 'password');
    let row = await staffRowOf(db, member.id);
    // A password an admin typed opens nothing but its own replacement: no enrolment, no code.
    if (row.passwordChangeRequired) {
      if (!newPassword) return { stage: 'change-password' as const };
      await setOwnPassword(db, row, password, newPassword);
      await writeAudit(db, {
        staffId: member.id,
        actor: member.email,
        action: 'staffAuth.changePassword',
        entity: 'staff',
        entityId: String(member.id),
      });
      row = await staffRowOf(db, member.id);
      if (isEnrolled(row)) return { stage: 'code' as const };
      return { stage: 'enrol' as const, enrolment: await startEnrolment(db, factorKey, row) };
    }
    // Every staff role signs in with a second factor: enrol first, then a code each time.
    if (!isEnrolled(row)) {
      if (!code) return { stage: 'enrol' as const, enrolment: await startEnrolment(db, factorKey, row) };
      const recoveryCodes = await finishEnrolment(db, factorKey, row, code);
      if (!recoveryCodes)
        throw await refuse('That code does not match: enter the 6 digits your authenticator app shows now', 'code');
      await writeAudit(db, {
        staffId: member.id,
        actor: member.email,
        action: 'staffAuth.enrolSecondFactor',
        entity: 'staff',
        entityId: String(member.id),
      });
      await writeAudit(db, {
        staffId: member.id,
        actor: member.email,
        action: SIGNED_IN,
        entity: 'staffAuth',
        entityId: String(member.id),
      });
      return {
        stage: 'signed-in' as const,
        token: await createStaffSession(db, member.id, policy),
        staff: member,
        recoveryCodes,
      };
    }
    if (!code) return { stage: 'code' as const };
    if (isAuthenticatorCode(code)) {
      try {
        await claimFactorTry(db, member.id, rateClock);
      } catch (frozen) {
        await refuse('second factor frozen', 'code');
        throw frozen;
      }
    }
    const factor = await verifySecondFactor(db, factorKey, row, code);
    if (factor) await clearFactorTries(db, member.id);
    if (!factor)
      throw await refuse(
        'That code is wrong or already used: enter the code your authenticator app shows now, or a recovery code',
        'code',
      );
    await writeAudit(db, {
      staffId: member.id,
      actor: member.email,
      action: SIGNED_IN,
      entity: 'staffAuth',
      entityId: String(member.id),
      after: factor === 'recovery' ? { secondFactor: 'recovery code' } : null,
    });
    return { stage: 'signed-in' as const, token: await createStaffSession(db, member.id, policy), staff: member };
  });
  registerCall(app, staffCalls.staffMe, async (_input, { req }) => {
    const staff = req.staff;
    if (!staff?.staffId)
      return { id: 0, email: staff?.id ?? '', name: 'Operator token', roles: [...(staff?.roles ?? [])], active: true };
    const member = (await listStaff(db)).find((m) => m.id === staff.staffId);
    if (!member) throw new AppError(Code.SESSION_EXPIRED, 'Staff sign-in required');
    return member;
  });
  registerCall(app, staffCalls.staffLogout, async (_input, { req }) => {
    if (req.staff?.token) await revokeStaffSession(db, req.staff.token);
    req.audit = { entity: 'staffAuth', entityId: String(req.staff?.staffId ?? '') };
    return {};
  });

  registerCall(app, staffCalls.staffList, async () => ({ list: await listStaff(db) }));
  registerCall(app, staffCalls.staffSave, async ({ id, password, ...rest }, { req }) => {
    const adminId = personOf(req.staff);
    if (id === undefined) {
      if (!password) throw new AppError(Code.BAD_REQUEST, 'A new account needs a password', { field: 'password' });
      const { resetSecondFactor: _new, roles, ...fields } = rest;
      // A money role asked for here is only a request until a second admin approves it.
      const { now, pending } = splitRoles(roles, []);
      // The admin typed this password: the owner replaces it before enrolling (never knowing it works for the admin).
      const member = await createStaff(db, { ...fields, roles: now, password, passwordChangeRequired: true });
      await proposeGrants(db, member.id, pending, adminId);
      const after = { ...member, pendingRoles: await pendingRolesOf(db, member.id), factorResetPending: false };
      req.audit = { entity: 'staff', entityId: after.id, before: null, after };
      return after;
    }
    if (id === req.staff?.staffId && (!rest.active || !rest.roles.includes('admin'))) {
      throw new AppError(Code.BAD_REQUEST, 'You cannot remove your own admin role or deactivate yourself', {
        field: 'roles',
      });
    }
    const { resetSecondFactor: reset, roles, ...fields } = rest;
    const held = (await staffRowOf(db, id)).roles as StaffRole[];
    // Removals and roles without money apply now; a money role the member lacks waits for a second admin.
    const { now, pending } = splitRoles(roles, held);
    const { before, after: member } = await updateStaff(db, id, {
      ...fields,
      roles: now,
      ...(password ? { password } : {}),
    });
    await proposeGrants(db, id, pending, adminId);
    // A reset of the second factor is only asked for here: a second admin approves it.
    if (reset) await proposeFactorReset(db, id, adminId);
    const after = {
      ...member,
      pendingRoles: await pendingRolesOf(db, id),
      factorResetPending: await factorResetPending(db, id),
    };
    req.audit = {
      entity: 'staff',
      entityId: id,
      before,
      after: { ...after, passwordChanged: Boolean(password), secondFactorResetAsked: reset },
    };
    return after;
  });
  registerCall(app, staffCalls.roleGrants, async () => ({ list: await listPendingGrants(db) }));
  registerCall(app, staffCalls.approveRoleGrant, async ({ id }, { req }) => {
    const { grant, before, after } = await approveGrant(db, id, personOf(req.staff));
    req.audit = {
      entity: 'staffRoleGrant',
      entityId: id,
      before: {
        status: 'pending',
        staffId: grant.staffId,
        role: grant.role,
        proposedBy: grant.proposedBy,
        roles: before.roles,
      },
      after: { status: 'approved', staffId: grant.staffId, role: grant.role, email: after.email, roles: after.roles },
    };
    return after;
  });
  registerCall(app, staffCalls.rejectRoleGrant, async ({ id, reason }, { req }) => {
    const grant = await rejectGrant(db, id, personOf(req.staff), reason);
    req.audit = {
      entity: 'staffRoleGrant',
      entityId: id,
      before: { status: 'pending', staffId: grant.staffId, role: grant.role, proposedBy: grant.proposedBy },
      after: { status: 'rejected', staffId: grant.staffId, role: grant.role, reason },
    };
    return { id, status: 'rejected' as const };
  });
  registerCall(app, staffCalls.factorResets, async () => ({ list: await listPendingFactorResets(db) }));
  registerCall(app, staffCalls.approveFactorReset, async ({ id }, { req }) => {
    const reset = await approveFactorReset(db, id, personOf(req.staff));
    req.audit = {
      entity: 'staffFactorReset',
      entityId: id,
      before: { status: 'pending', staffId: reset.staffId, proposedBy: reset.proposedBy },
      after: { status: 'approved', staffId: reset.staffId, secondFactorReset: true },
    };
    return { id, status: 'approved' as const };
  });
  registerCall(app, staffCalls.rejectFactorReset, async ({ id, reason }, { req }) => {
    const reset = await rejectFactorReset(db, id, personOf(req.staff), reason);
    req.audit = {
      entity: 'staffFactorReset',
      entityId: id,
      before: { status: 'pending', staffId: reset.staffId, proposedBy: reset.proposedBy },
      after: { status: 'rejected', staffId: reset.staffId, reason },
    };
    return { id, status: 'rejected' as const };
  });
  registerCall(app, checkerCalls.checkerInbox, async (_input, { req }) => ({
    list: await checkerInbox(db, {
      actor: req.staff?.id ?? '',
      staffId: req.staff?.staffId ?? null,
      roles: req.staff?.roles ?? [],
    }),
  }));
  registerCall(app, staffCalls.auditList, async (filter) => ({ list: await listAudit(db, filter) }));

  registerCall(app, queueCalls.applications, async (query) => applicationsQueue(db, clock.today(), query));
  registerCall(app, reviewCalls.review, async ({ orderId }, { req }) =>
    recorded(db, req, 'application review', creditReview(db, orderId, clock.today())),
  );
  registerCall(app, queueCalls.payments, async (query) => listPayments(db, query));
  registerCall(app, queueCalls.cobRuns, async () => ({ list: await listCobRuns(db) }));
  registerCall(app, queueCalls.contactMessages, async () => ({ list: await listContactMessages(db) }));

  catalogueRoutes(app, { db, config });
  borrowerRoutes(app, { db });
  reportRoutes(app, { db });
  exportRoutes(app, { db, clock });
  auditExportRoute(app, { db });
  collectionsRoutes(app, { db, clock, config, sms });
}
