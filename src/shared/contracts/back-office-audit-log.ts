import { z } from 'zod';
import { defineCall, type StaffRole } from '../api/define-call';

/** The audit log as sentences an operator reads, searchable by contract, borrower and staff member. */

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(60).optional());

/**
 * What each kind of entry means, as a phrase after the person's name ("approved a loan"): the
 * audit log's action filter and the sentence of an entry without one of its own. Keys are the
 * stored action names; people never see them.
 */
export const AUDIT_ACTIONS = {
  'operatorLoans.approve': 'approved a loan',
  'operatorLoans.reject': 'rejected an application',
  'operatorLoans.disburse': 'confirmed a payout of a loan',
  'operatorLoans.manualPayment': 'proposed a manual payment',
  'operatorLoans.approveManualPayment': 'approved a manual payment',
  'operatorLoans.rejectManualPayment': 'rejected a manual payment',
  'operatorLoans.reversePayment': 'asked to reverse a payment',
  'operatorLoans.approveReversal': 'approved the reversal of a payment',
  'operatorLoans.rejectReversal': 'rejected the reversal of a payment',
  'operatorLoans.closeOfBusiness': 'ran close of business',
  'writeOffs.request': 'proposed a write-off',
  'writeOffs.approve': 'approved a write-off',
  'writeOffs.reject': 'rejected a write-off',
  'payouts.requestDisbursal': 'requested the payout of a loan',
  'payouts.requestRefund': 'requested a refund of credit',
  'payouts.approve': 'approved a payout',
  'payouts.reject': 'rejected a payout',
  'payouts.succeeded': 'payout confirmed by the provider',
  'payouts.failed': 'payout failed at the provider',
  'payouts.providerAnomaly': 'payout the provider reported oddly',
  'creditTransfers.apply': 'proposed moving credit to another loan',
  'creditTransfers.approve': 'approved moving credit to another loan',
  'creditTransfers.reject': 'rejected moving credit to another loan',
  'reconciliation.run': 'ran the reconciliation with the provider',
  'reconciliation.resolve': 'resolved a reconciliation finding',
  'reconciliation.sandboxTransaction': 'added a sandbox provider transaction',
  'collections.logAttempt': 'logged a contact with a borrower',
  'collections.logAttemptRefused': 'was refused a contact with a borrower',
  'collections.recordConsent': "recorded a borrower's consent to contact out of hours",
  'collections.recordConsentRefused': "was refused recording a borrower's consent",
  'collections.addNote': 'wrote a note or a task on a loan in collection',
  'collections.completeTask': 'marked a collection task done',
  'collections.makePromise': "recorded a borrower's promise to pay",
  'collections.sendText': 'sent a text to a borrower',
  'collections.markAway': 'marked a collector away',
  'privacyDesk.answer': 'answered a privacy request',
  'privacyDesk.runRetention': 'ran the retention job',
  'privacyDesk.recordBreach': 'recorded a personal data breach',
  'reminders.save': 'changed the SMS reminders',
  'reminders.sendNow': 'sent the SMS reminders now',
  'reminders.sent': 'SMS reminders sent',
  'complaintsOperator.reply': 'replied to a complaint',
  'complaintsOperator.askScore': 'asked a borrower to rate a complaint',
  'complaintsOperator.uploadImage': 'attached a picture to a complaint reply',
  'catalogue.saveProduct': 'created or changed a product',
  'catalogue.approveProductChange': 'approved a product change',
  'catalogue.rejectProductChange': 'rejected a product change',
  'catalogue.saveChannels': 'changed the payment channels of a product',
  'catalogue.saveTemplate': 'created or changed a promotion template',
  'staffAdmin.save': 'created or changed a staff account',
  'staffAdmin.approveGrant': 'approved a staff role',
  'staffAdmin.rejectGrant': 'rejected a staff role',
  'staffAdmin.approveFactorReset': "approved resetting a staff member's authenticator",
  'staffAdmin.rejectFactorReset': "rejected resetting a staff member's authenticator",
  'staffAuth.login': 'signed in',
  'staffAuth.loginFailed': 'failed to sign in',
  'staffAuth.logout': 'signed out',
  'staffAuth.enrolSecondFactor': 'set up an authenticator app',
  'staffAuth.changePassword': 'chose a new password',
  'exports.download': 'downloaded an export',
  'auditLog.export': 'downloaded the audit log',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
/** The filter's extra choice: every refused call (no sign-in, or a role missing). */
export const REFUSED_ACTION = 'refused';

const isoDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
    .optional(),
);

/** One field an entry changed: its label, and the value before (null: none kept) and after, as a person reads them. */
export const auditFieldChange = z.object({ label: z.string(), before: z.string().nullable(), after: z.string() });

export const readableAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  /** "Cara Credit approved HRM00000080". */
  sentence: z.string(),
  /** The action as a phrase ("asked to reverse a payment"), never its internal name. */
  what: z.string(),
  /** What changed, one per field ("Status": "Under review" → "Approved, disbursing"), nothing cut short. */
  changes: z.array(auditFieldChange),
});
export type ReadableAuditEntry = z.infer<typeof readableAuditEntry>;

/** The filters of the audit log, on screen and in its CSV: person, borrower, contract, action and Manila dates. */
const auditFilterFields = z.object({
  order: optionalText,
  borrower: optionalText,
  staff: optionalText,
  action: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum([...AUDIT_ACTION_NAMES, REFUSED_ACTION], 'Choose an action from the list').optional(),
  ),
  from: isoDate,
  to: isoDate,
});
const rangeInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const backwards = { message: 'The range ends before it starts', path: ['to'] };
export const auditFilter = auditFilterFields.refine(rangeInOrder, backwards);
export type AuditFilter = z.infer<typeof auditFilter>;

/** Who reads the audit log: admins, and the auditor (read-only). */
export const AUDIT_LOG_ROLES: readonly StaffRole[] = ['admin', 'auditor'];

/** `GET /owner/admin/audit-log/csv?…filters`: the entries the filters find, as CSV (admin, auditor). */
export const AUDIT_CSV_PATH = '/admin/audit-log/csv';

export const auditLogSearch = defineCall({
  name: 'auditLog.search',
  method: 'GET',
  path: '/admin/audit-log',
  auth: false,
  // Admin or auditor (AUDIT_LOG_ROLES), checked by the call.
  staffRole: 'signedIn',
  success: 0,
  summary:
    'For admins and auditors: the audit log as sentences, newest first, by contract number, borrower (name or mobile), staff member (name or e-mail), action and Manila dates',
  request: auditFilterFields
    .extend({
      page: z.coerce.number().int().positive().default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    })
    .refine(rangeInOrder, backwards),
  reply: z.object({ list: z.array(readableAuditEntry), total: z.number().int() }),
});
