import { Code } from '../../../../shared/codes';
import { AUDIT_ACTIONS } from '../../../../shared/contracts/back-office-audit-log';
import { EXPORTS } from '../../../../shared/contracts/back-office-exports';
import { formatMoney } from '../../../../shared/format/money';

/** One audit entry as stored. */
export interface AuditRow {
  id: number;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

/** What turns ids into names: staff by e-mail, contract numbers by order id and by payment id. */
export interface AuditNames {
  staff: ReadonlyMap<string, string>;
  orders: ReadonlyMap<string, string>;
  payments?: ReadonlyMap<string, string>;
}

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** " (₱4,850.00 to GCASH 09170000001)": what a payout entry moved, where. */
function payoutPart(row: AuditRow): string {
  const after = fieldsOf(row.after);
  const amount =
    typeof after.amount === 'number' && Number.isSafeInteger(after.amount) ? formatMoney(after.amount) : '';
  const to = text(after.account);
  return amount ? ` (${amount}${to ? ` to ${to}` : ''})` : '';
}

const pesosOf = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? formatMoney(value) : '';
const quoted = (value: unknown) => (text(value) ? `: “${text(value)}”` : '');

/** Sentences by action; `who` is the staff member's name, `order` the contract number. */
const SENTENCES: Record<string, (who: string, order: string, row: AuditRow, names: AuditNames) => string> = {
  'operatorLoans.approve': (who, order) => `${who} approved ${order}`,
  'operatorLoans.reject': (who, order, row) => {
    const reason = text(fieldsOf(row.after).reason);
    return `${who} rejected ${order}${reason ? `: “${reason}”` : ''}`;
  },
  'operatorLoans.disburse': (who, order) => `${who} confirmed the payout of ${order}`,
  'operatorLoans.manualPayment': (who, order, row) => {
    const after = fieldsOf(row.after);
    const amount =
      typeof after.amount === 'number' && Number.isSafeInteger(after.amount) ? `${formatMoney(after.amount)} ` : '';
    return `${who} proposed a manual payment of ${amount}to ${order}${after.reference ? ` (reference ${text(after.reference)})` : ''}`;
  },
  'writeOffs.request': (who, order, row) =>
    `${who} proposed writing off ${order}: “${text(fieldsOf(row.after).reason)}”`,
  'writeOffs.approve': (who, order, row) => {
    const amount = fieldsOf(row.after).amount;
    return `${who} approved the write-off of ${order}${typeof amount === 'number' && Number.isSafeInteger(amount) ? ` (${formatMoney(amount)})` : ''}`;
  },
  'writeOffs.reject': (who, order, row) =>
    `${who} rejected the write-off of ${order}: “${text(fieldsOf(row.after).reason)}”`,
  'payouts.requestDisbursal': (who, order, row) => `${who} requested the payout of ${order}${payoutPart(row)}`,
  'payouts.requestRefund': (who, order, row) => `${who} requested a refund of credit on ${order}${payoutPart(row)}`,
  'payouts.approve': (who, order, row) => `${who} approved payout ${text(fieldsOf(row.after).payout)} of ${order}`,
  'payouts.reject': (who, order, row) => {
    const after = fieldsOf(row.after);
    return `${who} rejected payout ${text(after.payout)} of ${order}${after.failureReason ? `: “${text(after.failureReason)}”` : ''}`;
  },
  'payouts.succeeded': (_who, order, row) =>
    `The payout provider (${row.actor}) confirmed payout ${text(fieldsOf(row.after).payout)} of ${order}${payoutPart(row)}`,
  'payouts.failed': (_who, order, row) => {
    const after = fieldsOf(row.after);
    return `The payout provider (${row.actor}) reported payout ${text(after.payout)} of ${order} failed: ${text(after.failureReason)}`;
  },
  'payouts.providerAnomaly': (_who, order, row) => {
    const after = fieldsOf(row.after);
    return `The payout provider (${row.actor}) reported payout ${text(after.payout)} of ${order} ${text(after.anomaly)}: check it with the provider`;
  },
  'operatorLoans.approveManualPayment': (who, order, row) => {
    const after = fieldsOf(row.after);
    const amount = pesosOf(after.amount);
    return `${who} approved manual payment ${text(after.manualPosting)}${amount ? ` of ${amount}` : ''} to ${order}`;
  },
  'operatorLoans.rejectManualPayment': (who, order, row) =>
    `${who} rejected manual payment ${text(fieldsOf(row.after).manualPosting)} to ${order}${quoted(fieldsOf(row.after).reason)}`,
  'operatorLoans.reversePayment': (who, _order, row, names) =>
    `${who} asked to reverse ${paymentOf(row.entityId, names)}${quoted(fieldsOf(row.after).reason)}`,
  'operatorLoans.rejectReversal': (who, _order, row, names) =>
    `${who} rejected reversing ${paymentOf(row.entityId, names)}${quoted(fieldsOf(row.after).reason)}`,
  'operatorLoans.approveReversal': (who, order, row) =>
    `${who} approved reversing payment ${text(fieldsOf(row.after).reversedPayment)} on ${order}`,
  'exports.download': (who, _order, row) => {
    const after = fieldsOf(row.after);
    const name = EXPORTS[text(after.export) as keyof typeof EXPORTS]?.replace(/ \(.*\)$/, '').toLowerCase();
    return `${who} downloaded the ${name ?? 'rows'} export for ${text(after.from)} to ${text(after.to)}`;
  },
  'auditLog.export': (who) => `${who} downloaded the audit log as CSV`,
  'operatorLoans.closeOfBusiness': (who, _order, row) => `${who} ran close of business for ${row.entityId ?? 'a day'}`,
  'complaintsOperator.reply': (who, _order, row) => `${who} replied to complaint ${row.entityId}`,
  'complaintsOperator.askScore': (who, _order, row) => `${who} asked for a rating of complaint ${row.entityId}`,
  'staffAuth.login': (who) => `${who} signed in`,
  'staffAuth.loginFailed': (_who, _order, row) =>
    `A sign-in as ${row.actor} was refused (wrong e-mail, password or code)`,
  'staffAuth.enrolSecondFactor': (who) => `${who} set up an authenticator app`,
  'staffAuth.logout': (who) => `${who} signed out`,
  'staffAdmin.save': (who, _order, row) => {
    const after = fieldsOf(row.after);
    const whom = text(after.name) || text(after.email) || `account ${row.entityId}`;
    if (row.before === null) return `${who} created the staff account of ${whom}`;
    return after.secondFactorResetAsked === true
      ? `${who} changed the staff account of ${whom} and asked to reset their authenticator (a second admin approves)`
      : `${who} changed the staff account of ${whom}`;
  },
  'staffAdmin.approveFactorReset': (who, _order, row) =>
    `${who} approved resetting the authenticator of staff account ${text(fieldsOf(row.after).staffId) || text(row.entityId)}: they enrol again at their next sign-in`,
  'staffAdmin.rejectFactorReset': (who, _order, row) => {
    const after = fieldsOf(row.after);
    return `${who} rejected resetting the authenticator of staff account ${text(after.staffId) || text(row.entityId)}${quoted(after.reason)}`;
  },
  'staffAdmin.approveGrant': (who, _order, row) => {
    const after = fieldsOf(row.after);
    return `${who} approved the ${text(after.role)} role for ${text(after.email) || `account ${text(after.staffId)}`}`;
  },
  'staffAdmin.rejectGrant': (who, _order, row) => {
    const after = fieldsOf(row.after);
    return `${who} rejected the ${text(after.role)} role for account ${text(after.staffId)}: ${text(after.reason)}`;
  },
  'collections.logAttempt': (who, order, row) => {
    const after = fieldsOf(row.after);
    return `${who} logged a ${after.channel === 'sms' ? 'text' : 'call'} to the borrower of ${order} (${text(after.outcome)})`;
  },
  'collections.logAttemptRefused': (who, order, row) =>
    `${who} was refused a contact on ${order} by the ${text(fieldsOf(row.after).rule)} rule`,
  'collections.recordConsentRefused': (who, order, row) =>
    `${who} was refused recording a consent on ${order} by the ${text(fieldsOf(row.after).rule)} rule`,
  'collections.recordConsent': (who, order) =>
    `${who} recorded the borrower's consent to contact outside 6 AM–10 PM on ${order}`,
  'collections.addNote': (who, order, row) => {
    const after = fieldsOf(row.after);
    return after.kind === 'task'
      ? `${who} set a task on ${order}${after.dueDay ? ` due ${text(after.dueDay)}` : ''}${quoted(after.text)}`
      : `${who} wrote a note on ${order}${quoted(after.text)}`;
  },
  'collections.completeTask': (who, _order, row) => `${who} marked collection task ${text(row.entityId)} done`,
  'collections.makePromise': (who, order, row) => {
    const after = fieldsOf(row.after);
    const amount = pesosOf(after.amount);
    return `${who} recorded the borrower's promise to pay ${amount || 'an amount'} on ${order} by ${text(after.promisedDay) || 'a day'}`;
  },
  'collections.sendText': (who, order, row) => {
    const after = fieldsOf(row.after);
    const to = text(after.phone);
    return `${who} sent the ${text(after.template) || 'collection'} text to the borrower of ${order}${to ? ` at ${to}` : ''}${quoted(after.body)}`;
  },
  'collections.markAway': (who, _order, row) => {
    const after = fieldsOf(row.after);
    const days = after.fromDay ? ` from ${text(after.fromDay)} through ${text(after.untilDay)}` : '';
    const moved =
      typeof after.moved === 'number' ? `; ${after.moved} loan${after.moved === 1 ? '' : 's'} dealt to others` : '';
    return `${who} marked collector account ${text(after.staffId) || text(row.entityId)} away${days}${moved}`;
  },
  'privacyDesk.answer': (who, _order, row) => {
    const after = fieldsOf(row.after);
    const kind = text(after.kind);
    const verdict = after.status === 'refused' ? 'refused' : 'carried out';
    return `${who} ${verdict} privacy request ${text(row.entityId)}${kind ? ` (${kind})` : ''}${quoted(after.outcome)}`;
  },
  'privacyDesk.runRetention': (who) => `${who} ran the retention job now`,
  'privacyDesk.recordBreach': (who, _order, row) => {
    const input = fieldsOf(fieldsOf(row.after).input);
    return `${who} recorded a personal data breach${quoted(input.what)}`;
  },
  'catalogue.saveProduct': (who, _order, row) =>
    `${who} ${row.before === null ? 'created' : 'changed'} product ${text(fieldsOf(row.after).name) || row.entityId}`,
  'catalogue.approveProductChange': (who, _order, row) =>
    `${who} approved change ${text(fieldsOf(row.after).change)} to product ${text(fieldsOf(row.after).name) || row.entityId}`,
  'catalogue.rejectProductChange': (who, _order, row) =>
    `${who} rejected change ${text(fieldsOf(row.after).change)} to product ${row.entityId}`,
  'catalogue.saveChannels': (who, _order, row) => `${who} changed the payment channels of product ${row.entityId}`,
  'catalogue.saveTemplate': (who, _order, row) =>
    `${who} ${row.before === null ? 'created' : 'changed'} promotion template ${row.entityId}`,
};

/** "payment 42 on HRM00000080": a payment by its id, with its contract when known. */
function paymentOf(paymentId: string | null, names: AuditNames): string {
  const contract = paymentId ? names.payments?.get(paymentId) : undefined;
  return `payment ${paymentId ?? ''}`.trim() + (contract ? ` on ${contract}` : '');
}

/** The order an entry is about: its own id for order entries, else the `orderId` the call was sent. */
export function orderIdOf(row: Pick<AuditRow, 'entity' | 'entityId' | 'after'>): string | null {
  if (row.entity === 'order') return row.entityId;
  const after = fieldsOf(row.after);
  const sent = after.orderId ?? fieldsOf(after.input).orderId;
  return typeof sent === 'number' || (typeof sent === 'string' && /^\d+$/.test(sent)) ? String(sent) : null;
}

/** The action as a phrase a person reads ("asked to reverse a payment"); an action without words is "made a change". */
export const actionPhrase = (action: string): string =>
  (AUDIT_ACTIONS as Record<string, string>)[action] ?? 'made a change';

/** "Cara Credit approved HRM00000080": who did what to which contract, as an operator says it. */
export function auditSentence(row: AuditRow, names: AuditNames): string {
  const who = names.staff.get(row.actor) ?? (row.actor === 'operator-token' ? 'The operator token' : row.actor);
  const orderId = orderIdOf(row);
  const contract = orderId ? names.orders.get(orderId) : undefined;
  const order = contract ?? `order ${row.entityId ?? ''}`.trim();
  if (row.entity === 'refused') {
    const why = fieldsOf(row.after);
    const needs = text(why.needs);
    return `${who} was refused: ${actionPhrase(row.action).replace(/^was refused /, '')}${needs ? ` (needs the ${needs} role)` : why.code === Code.SESSION_EXPIRED ? ' (not signed in)' : ''}`;
  }
  const sentence = SENTENCES[row.action];
  if (sentence) return sentence(who, order, row, names);
  const on =
    contract ??
    (row.entityId && row.entity !== 'order' ? `${spelled(row.entity)} ${row.entityId}` : row.entityId ? order : '');
  return `${who} ${actionPhrase(row.action)}${on ? ` (${on})` : ''}`;
}

/** "creditTransfers" → "credit transfers": an entity named for people. */
const spelled = (entity: string) => entity.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
