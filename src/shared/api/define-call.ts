import type { z } from 'zod';
import type { SuccessCode } from '../envelope';

/**
 * architecture.md: Back office: the back office roles. The auditor only reads: the row exports, the
 * audit log and the reports (each of those calls names the roles it lets in); no call needs the
 * auditor role, so every desk call refuses it.
 */
export const STAFF_ROLES = ['support', 'credit', 'finance', 'collections', 'admin', 'dpo', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/**
 * Roles that move money or hand out power: finance approves money, and an admin grants roles (an
 * admin free to mint admins could mint the second approver too). Granting one needs a second admin.
 */
export const MONEY_ROLES: readonly StaffRole[] = ['finance', 'admin'];
export const isMoneyRole = (role: StaffRole): boolean => MONEY_ROLES.includes(role);

/**
 * One call of the wire contract (architecture.md: The wire contract): its path under /owner, how the payload travels,
 * which success code it uses, and the zod schemas of its payload and reply data. The server
 * registers routes from these; the web client calls through them; the OpenAPI docs come from them.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Feature-qualified name, e.g. "auth.login". */
  name: string;
  method: 'GET' | 'POST';
  /** Path under the /owner base. */
  path: string;
  /** Whether a borrower session is required. */
  auth: boolean;
  /**
   * Operator calls: the staff role required (architecture.md: Back office), or `signedIn` for any staff member;
   * the borrower session is not used.
   */
  staffRole?: StaffRole | 'signedIn';
  success: SuccessCode;
  /** multipart/form-data upload instead of a form-encoded body. */
  multipart?: boolean;
  summary: string;
  request: Req;
  reply: Res;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>): CallDef<Req, Res> {
  return def;
}

export type CallInput<C extends CallDef> = z.input<C['request']>;
export type CallPayload<C extends CallDef> = z.output<C['request']>;
export type CallReply<C extends CallDef> = z.output<C['reply']>;
