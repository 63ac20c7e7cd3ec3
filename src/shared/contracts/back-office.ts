import { z } from 'zod';
import { defineCall, STAFF_ROLES } from '../api/define-call';

/** architecture.md: Back office: staff sign-in, staff accounts and the audit log. */

const email = z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(200);
/** No default password ever exists; a chosen one is long enough to resist guessing. */
export const STAFF_PASSWORD_MIN = 12;
const password = z.string().min(STAFF_PASSWORD_MIN, `Use at least ${STAFF_PASSWORD_MIN} characters`).max(200);
const roleList = z
  .string()
  .trim()
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.enum(STAFF_ROLES, 'Roles are support, credit, finance, collections, admin, dpo and auditor'))
      .min(1, 'Give at least one role'),
  );

export const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  active: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMember>;

/**
 * Staff sign-in: e-mail and password, then the second factor. Without `code` the reply says what
 * is needed: `change-password` (a password an admin set: the owner chooses one first, in
 * `newPassword`), `enrol` (first sign-in: the authenticator secret and its QR code) or `code`. With
 * the password and a code (or a recovery code) it signs in; the first sign-in after enrolment
 * also answers the recovery codes, shown once.
 */
export const staffLogin = defineCall({
  name: 'staffAuth.login',
  method: 'POST',
  path: '/admin/auth/login',
  auth: false,
  success: 0,
  summary:
    'Staff sign-in with e-mail, password and a TOTP or recovery code; the token goes in `Authorization: Staff <token>`',
  request: z.object({
    email,
    password: z.string().min(1, 'Enter your password').max(200),
    code: z.string().trim().max(20, 'The code is 6 digits, or a recovery code like abcd-2345').optional(),
    /** The owner's own password, when the reply asked for `change-password`. */
    newPassword: z.preprocess((v) => (v === '' ? undefined : v), password.optional()),
  }),
  reply: z.object({
    /** `change-password`: the password was set by an admin; send `newPassword` before anything else. */
    stage: z.enum(['signed-in', 'change-password', 'enrol', 'code']),
    token: z.string().optional(),
    staff: staffMember.optional(),
    enrolment: z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }).optional(),
    recoveryCodes: z.array(z.string()).optional(),
  }),
});

export const staffMe = defineCall({
  name: 'staffAuth.me',
  method: 'GET',
  path: '/admin/auth/me',
  auth: false,
  staffRole: 'signedIn',
  success: 0,
  summary: 'The signed-in staff member',
  request: z.object({}),
  reply: staffMember,
});

export const staffLogout = defineCall({
  name: 'staffAuth.logout',
  method: 'POST',
  path: '/admin/auth/logout',
  auth: false,
  staffRole: 'signedIn',
  success: 0,
  summary: 'Ends this staff session',
  request: z.object({}),
  reply: z.object({}),
});

export const staffList = defineCall({
  name: 'staffAdmin.list',
  method: 'GET',
  path: '/admin/staff/list',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Staff accounts',
  request: z.object({}),
  reply: z.object({ list: z.array(staffMember) }),
});

export const staffSave = defineCall({
  name: 'staffAdmin.save',
  method: 'POST',
  path: '/admin/staff/save',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Create a staff account (password required) or change one (roles, active, a new password)',
  request: z.object({
    id: z.coerce.number().int().positive().optional(),
    email,
    name: z.string().trim().min(1, 'Enter the name').max(100),
    roles: roleList,
    active: z
      .enum(['0', '1'])
      .default('1')
      .transform((v) => v === '1'),
    password: z.preprocess((v) => (v === '' ? undefined : v), password.optional()),
    /** '1': a lost phone; once a second admin approves, the member enrols a new authenticator at their next sign-in. */
    resetSecondFactor: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
  }),
  /** `pendingRoles`: money roles asked for here, held back until a second admin approves them; `factorResetPending`: the same for a second-factor reset. */
  reply: staffMember.extend({ pendingRoles: z.array(z.enum(STAFF_ROLES)), factorResetPending: z.boolean() }),
});

/** A second-factor reset asked for by one admin, waiting for a different admin. */
export const factorReset = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  staffEmail: z.string(),
  proposedById: z.number().int(),
  proposedBy: z.string(),
  createdAt: z.string(),
});
export type FactorReset = z.infer<typeof factorReset>;

export const factorResets = defineCall({
  name: 'staffAdmin.factorResets',
  method: 'GET',
  path: '/admin/staff/factor-resets',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Second-factor resets waiting for a second admin',
  request: z.object({}),
  reply: z.object({ list: z.array(factorReset) }),
});

export const approveFactorReset = defineCall({
  name: 'staffAdmin.approveFactorReset',
  method: 'POST',
  path: '/admin/staff/factor-reset-approve',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary:
    "A second admin approves a second-factor reset: the member's authenticator and recovery codes are cleared and they enrol again at their next sign-in (never the proposer or the member)",
  request: z.object({ id: z.coerce.number().int().positive() }),
  reply: z.object({ id: z.number().int(), status: z.literal('approved') }),
});

export const rejectFactorReset = defineCall({
  name: 'staffAdmin.rejectFactorReset',
  method: 'POST',
  path: '/admin/staff/factor-reset-reject',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'A second admin rejects a second-factor reset, with a reason; the factor stays',
  request: z.object({
    id: z.coerce.number().int().positive(),
    reason: z.string().trim().min(1, 'Say why the reset is refused').max(300),
  }),
  reply: z.object({ id: z.number().int(), status: z.literal('rejected') }),
});

/** A money role asked for by one admin, waiting for (or decided by) a different admin. */
export const roleGrant = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  staffEmail: z.string(),
  role: z.enum(STAFF_ROLES),
  proposedById: z.number().int(),
  proposedBy: z.string(),
  createdAt: z.string(),
});
export type RoleGrant = z.infer<typeof roleGrant>;

export const roleGrants = defineCall({
  name: 'staffAdmin.grants',
  method: 'GET',
  path: '/admin/staff/grants',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'Money roles (finance, admin) waiting for a second admin',
  request: z.object({}),
  reply: z.object({ list: z.array(roleGrant) }),
});

const grantId = z.coerce.number().int().positive();

export const approveRoleGrant = defineCall({
  name: 'staffAdmin.approveGrant',
  method: 'POST',
  path: '/admin/staff/grant-approve',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'A second admin approves a money role: the member holds it from now on (never the proposer or the member)',
  request: z.object({ id: grantId }),
  reply: staffMember,
});

export const rejectRoleGrant = defineCall({
  name: 'staffAdmin.rejectGrant',
  method: 'POST',
  path: '/admin/staff/grant-reject',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'A second admin rejects a money role, with a reason; the member never holds it',
  request: z.object({
    id: grantId,
    reason: z.string().trim().min(1, 'Say why the role is refused').max(300),
  }),
  reply: z.object({ id: z.number().int(), status: z.literal('rejected') }),
});

export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});

export const auditList = defineCall({
  name: 'audit.list',
  method: 'GET',
  path: '/admin/audit/list',
  auth: false,
  staffRole: 'admin',
  success: 0,
  summary: 'The audit log, newest first (read only: no call changes it)',
  request: z.object({
    entity: z.string().trim().max(40).optional(),
    entityId: z.string().trim().max(40).optional(),
    beforeId: z.coerce.number().int().positive().optional(),
  }),
  reply: z.object({ list: z.array(auditEntry) }),
});
