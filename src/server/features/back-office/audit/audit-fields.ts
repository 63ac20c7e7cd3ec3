import { formatDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { isOrderStatus, orderStatusText } from '../../../../shared/order-status';

/** One field an entry changed, as a person reads it: its label, and the value before and after. */
export interface FieldChange {
  label: string;
  /** Null when the entry kept no value before (a creation, a request): only the new value is shown. */
  before: string | null;
  after: string;
}

/** Labels of the fields the audit log holds, by their stored name. Anything else is spelled out from its name. */
const LABELS: Record<string, string> = {
  status: 'Status',
  orderStatus: 'Loan status',
  reason: 'Reason',
  amount: 'Amount',
  reference: 'Reference',
  orderNo: 'Contract',
  orderId: 'Loan',
  paymentId: 'Payment',
  reversedPayment: 'Reversed payment',
  reversalRequest: 'Reversal request',
  manualPosting: 'Manual posting',
  requestId: 'Request',
  payout: 'Payout',
  account: 'Account',
  failureReason: 'Failure reason',
  channel: 'Channel',
  outcome: 'Outcome',
  note: 'Note',
  notes: 'Notes',
  rule: 'Rule',
  roles: 'Roles',
  role: 'Role',
  email: 'E-mail',
  name: 'Name',
  active: 'Active',
  staffId: 'Staff account',
  change: 'Change',
  valueDate: 'Paid on',
  businessDate: 'Business date',
  date: 'Date',
  serviceFee: 'Service fee',
  dailyInterestBps: 'Interest a day',
  extensionFeeBps: 'Extension fee',
  minAmount: 'Smallest amount',
  maxAmount: 'Largest amount',
  firstLoanMax: 'Largest first loan',
  limitStep: 'Limit increase a loan repaid on time',
  openLoansAllowed: 'Open loans allowed',
  enabled: 'Turned on',
  termDays: 'Term (days)',
  periods: 'Installments',
  text: 'Text',
  title: 'Title',
  problemId: 'Complaint',
  score: 'Rating',
  reply: 'Result',
  input: '',
  netProceeds: 'Net proceeds',
  principal: 'Principal',
  interest: 'Interest',
  fees: 'Fees',
  penalties: 'Penalties',
  credit: 'Credit',
  ip: 'Address',
  needs: 'Needs',
  has: 'Has',
  code: 'Answer code',
  credential: 'Credential',
  method: 'Request',
  path: 'Address called',
  export: 'Export',
  from: 'From',
  to: 'To',
};

/** Money fields (integer centavos), written in pesos. */
const MONEY = new Set([
  'amount',
  'serviceFee',
  'minAmount',
  'maxAmount',
  'firstLoanMax',
  'limitStep',
  'netProceeds',
  'principal',
  'interest',
  'fees',
  'penalties',
  'credit',
  'total',
  'outstanding',
  'defaultChargeNew',
  'defaultChargeRepeat',
  'legalCharges',
  'enforcementCosts',
]);

/** "serviceFeeBps" → "Service fee"; "lastClosedDate" → "Last closed date". */
function spelledOut(key: string): string {
  const words = key
    .replace(/Bps$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const fieldLabel = (key: string): string => LABELS[key] ?? spelledOut(key);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value as a person reads it: pesos, percents, order statuses by name, times in Manila, yes/no. */
export function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (MONEY.has(key) && Number.isSafeInteger(value)) return formatMoney(value);
    if (key.endsWith('Bps'))
      return `${(value / 100).toFixed(2).replace(/\.?0+$/, '')}%${key === 'dailyInterestBps' ? ' a day' : ''}`;
    if ((key === 'status' || key === 'orderStatus') && isOrderStatus(value)) return orderStatusText[value];
    return String(value);
  }
  if (typeof value === 'string') return ISO_TIME.test(value) ? `${formatDate(value, true)} Manila` : value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.length ? value.map((v) => fieldValue(key, v)).join(', ') : '—';
  return JSON.stringify(value);
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Nested objects flattened to one level: `{ input: { amount } }` → `amount`, `{ terms: { serviceFee } }`
 * → `terms › serviceFee`, an array of objects item by item; each key keeps its last name for its label.
 */
function flatten(
  value: unknown,
  path: string[] = [],
  into = new Map<string, { key: string; label: string; value: unknown }>(),
) {
  if (isFields(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, [...path, key], into);
  } else if (Array.isArray(value) && value.some(isFields)) {
    for (const [i, item] of value.entries()) flatten(item, [...path, `#${i + 1}`], into);
  } else if (path.length) {
    const key = [...path].reverse().find((p) => !p.startsWith('#')) ?? '';
    const label = path
      .map((p) => (p.startsWith('#') ? p : fieldLabel(p)))
      .filter(Boolean)
      .join(' › ');
    into.set(path.join('.'), { key, label: label || fieldLabel(key), value });
  }
  return into;
}

/**
 * The fields an action changed, each with its label and before → after as a person reads them.
 * An entry records in `after` the fields the action was about: those that differ from `before` are
 * the change (a field without a value before shows only its new value). Nothing is cut short.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was = flatten(before);
  const now = flatten(after);
  const changes: FieldChange[] = [];
  for (const [path, field] of now) {
    const old = was.get(path);
    if (old && JSON.stringify(old.value ?? null) === JSON.stringify(field.value ?? null)) continue;
    changes.push({
      label: field.label,
      before: old ? fieldValue(old.key, old.value) : null,
      after: fieldValue(field.key, field.value),
    });
  }
  return changes;
}

/** A change on one line: "Status: Under review → Approved, disbursing". */
export const changeLine = (c: FieldChange): string =>
  c.before === null ? `${c.label}: ${c.after}` : `${c.label}: ${c.before} → ${c.after}`;
