import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { formatMoney } from '../../../../shared/format/money';
import { auditLog, staff } from '../../../db/schema';
import { withDefaults } from './product-changes';

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** What admins call each stored field (the form's labels). */
const LABELS: Record<string, string> = {
  enabled: 'Offered',
  name: 'Name',
  logo: 'Logo address',
  channels: 'Payment channels',
  firstLoanMax: 'First loan at most',
  limitStep: 'Limit grows per loan repaid on time',
  openLoansAllowed: 'Open loans allowed',
  'terms.minAmount': 'Smallest loan',
  'terms.maxAmount': 'Largest loan',
  'terms.amountStep': 'Step',
  'terms.termDays': 'Term (days)',
  'terms.termOptions': 'Other terms (days)',
  'terms.periods': 'Installments',
  'terms.dailyInterestBps': 'Interest (a day)',
  'terms.serviceFeeBps': 'Service fee',
  'terms.extensionFeeBps': 'Extension fee',
  'terms.extensionAllowed': 'Extensions allowed',
  'terms.defaultChargeNew': 'Default charge, new borrower',
  'terms.defaultChargeRepeat': 'Default charge, repeat borrower',
  'terms.prepayment.minDaysAfterDisbursal': 'Prepayment: days after disbursal',
  'terms.prepayment.minTermShareBps': 'Prepayment: share of the term',
};

const spelled = (part: string) => part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A field's label: the form's name for it, a penalty tier by its number, else the last part of the path spelled out. */
export function labelOf(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const tier = /^terms\.penaltyTiers\.(\d+)\.(fromDay|monthlyBps)$/.exec(field);
  if (tier) return `Penalty tier ${Number(tier[1]) + 1}: ${tier[2] === 'fromDay' ? 'from day' : 'a month'}`;
  // A template's text: its language and where it stands on the page ("Filipino: hero title").
  const text = /^data\.(fil\.)?(.+)$/.exec(field);
  if (text?.[2]) {
    const where = text[2]
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .map(spelled)
      .join(' ');
    return `${text[1] ? 'Filipino' : 'English'}: ${where}`;
  }
  const last = field.split('.').at(-1) ?? field;
  const words = last
    .replace(/Bps$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MONEY = /(Amount|amountStep|defaultCharge\w*|firstLoanMax|limitStep)$/;

/** A figure as an admin reads it: basis points as percent, centavos as pesos. */
function printable(field: string, value: unknown): string {
  if (value === null) return '—';
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    if (/Bps$/.test(field)) return `${(value / 100).toFixed(2)}%`;
    if (MONEY.test(field)) return formatMoney(value);
  }
  return String(value);
}

/** A document as dotted paths to printable values: `terms.penaltyTiers.0.monthlyBps` → "5.00%". */
function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, v] of entries) flatten(v, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (value !== undefined && prefix) out.set(prefix, printable(prefix, value));
}

/** A channel list reads as the offered channels in order, not as positions. */
function readable(doc: unknown): unknown {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return doc;
  const { channels, notes: _notes, id: _id, ...fields } = doc as Record<string, unknown>;
  // Stored terms may leave the engine's defaults implicit; spelling them out is no change.
  const rest = 'terms' in fields ? { ...fields, terms: withDefaults(fields.terms) } : fields;
  if (!Array.isArray(channels)) return rest;
  const offered = (channels as { name?: string; position?: number | null }[])
    .filter((c) => c.position !== null && c.position !== undefined)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((c) => c.name ?? '?');
  return { ...rest, channels: offered.join(', ') || 'none' };
}

/** Field by field, what differs between two versions of a document (fields only in one included). */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(readable(before), '', a);
  flatten(readable(after), '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((f) => a.get(f) !== b.get(f))
    .map((field) => ({ field, label: labelOf(field), before: a.get(field) ?? '—', after: b.get(field) ?? '—' }));
}

const WHAT: Record<string, string> = {
  'catalogue.saveProduct': 'saved',
  'catalogue.saveChannels': 'changed the payment channels',
  'catalogue.saveTemplate': 'saved',
  'catalogue.approveProductChange': 'approved a change',
  'catalogue.rejectProductChange': 'rejected a change',
};

/**
 * The change history of a product (its terms, approvals and channels) or a promotion template, from
 * the audit log: who, when, and each field's before → after. A proposal lists what it would change.
 */
export async function catalogueHistory(db: Db, entity: 'product' | 'template', entityId: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, String(entityId)),
        inArray(auditLog.action, Object.keys(WHAT)),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(200);
  const actors = [
    ...new Set(rows.flatMap((r) => [r.actor, String((r.after as Record<string, unknown> | null)?.proposedBy ?? '')])),
  ];
  const members = actors.length
    ? await db.select({ email: staff.email, name: staff.name }).from(staff).where(inArray(staff.email, actors))
    : [];
  const nameOf = new Map(members.map((m) => [m.email, m.name]));
  const who = (email: string) => nameOf.get(email) ?? email;
  const entries = rows.map((row) => {
    const after = (row.after ?? {}) as Record<string, unknown>;
    const pending = after.pending as { id: number; before: unknown; proposed: unknown } | null | undefined;
    const { pending: _p, change: _c, reason, proposedBy, ...shown } = after;
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      actorName: who(row.actor),
      what:
        row.before === null &&
        row.action !== 'catalogue.approveProductChange' &&
        row.action !== 'catalogue.rejectProductChange'
          ? 'created'
          : (WHAT[row.action] ?? row.action),
      changes: row.action === 'catalogue.rejectProductChange' ? [] : fieldChanges(row.before, shown),
      proposed: pending ? { changeId: pending.id, changes: fieldChanges(pending.before, pending.proposed) } : null,
      reason: typeof reason === 'string' ? reason : null,
      proposedBy: typeof proposedBy === 'string' ? who(proposedBy) : null,
    };
  });
  // A save that changed nothing (the form saved as it was) is no entry of the history.
  return entries.filter((e) => e.what !== 'saved' || e.changes.length > 0 || e.proposed !== null);
}
