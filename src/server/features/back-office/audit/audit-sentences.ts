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

/** What turns ids into names: staff by e-mail, contract numbers by order id. */
export interface AuditNames {
  staff: ReadonlyMap<string, string>;
  orders: ReadonlyMap<string, string>;
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

/** Sentences by call name; `who` is the staff member's name, `order` the contract number. */
const SENTENCES: Record<string, (who: string, order: string, row: AuditRow) => string> = {
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
    return `${who} posted a manual payment of ${amount}to ${order}${after.reference ? ` (reference ${text(after.reference)})` : ''}`;
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
    return row.before === null
      ? `${who} created the staff account of ${whom}`
      : `${who} changed the staff account of ${whom}`;
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

/** "Cara Credit approved HRM00000080": who did what to which contract, as an operator says it. */
export function auditSentence(row: AuditRow, names: AuditNames): string {
  const who = names.staff.get(row.actor) ?? (row.actor === 'operator-token' ? 'The operator token' : row.actor);
  const order =
    (row.entity === 'order' && row.entityId ? names.orders.get(row.entityId) : undefined) ??
    `order ${row.entityId ?? ''}`.trim();
  const sentence = SENTENCES[row.action];
  if (sentence) return sentence(who, order, row);
  const refused = /\.refused$|Refused$/.test(row.action);
  const on = row.entity === 'order' ? order : `${row.entity}${row.entityId ? ` ${row.entityId}` : ''}`;
  return refused
    ? `${who} was refused ${row.action.replace(/\.?refused$/i, '')} on ${on}`
    : `${who} called ${row.action} on ${on}`;
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
};

/** The fields an action changed, one line each ("status: 21 → 110"); unchanged fields are left out. */
export function auditChanges(before: unknown, after: unknown): string[] {
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  // An entry records the fields the action was about in `after`: those that differ are the change.
  return Object.keys(now)
    .filter((key) => JSON.stringify(was[key] ?? null) !== JSON.stringify(now[key] ?? null))
    .map((key) => (key in was ? `${key}: ${shown(was[key])} → ${shown(now[key])}` : `${key}: ${shown(now[key])}`));
}
