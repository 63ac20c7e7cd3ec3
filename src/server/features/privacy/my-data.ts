import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  CORRECTABLE,
  type CorrectableField,
  OPTIONAL_CONSENTS,
  type OptionalConsent,
} from '../../../shared/contracts/privacy';
import { formatMoney } from '../../../shared/format/money';
import { orderStatusText, isOrderStatus } from '../../../shared/order-status';
import type { Db } from '../../db/client';
import {
  applicationAnswers,
  borrowerDevices,
  borrowers,
  complaints,
  consentChoices,
  loanOrders,
  payoutAccounts,
  personalDataAccess,
  privacyConsents,
  privacyHolds,
  sessions,
} from '../../db/schema';
import { notFound } from '../../http/app-error';
import type { ReplyLocale } from '../../i18n/reply-locale';
import { fieldLabel, groupLabel } from './labels';
import { requestsOf } from './requests';

const SECTIONS = ['personal', 'job', 'ext', 'public'] as const;

/** The current state of each optional consent: the latest choice, or not given. */
export async function optionalConsents(db: Pick<Db, 'select'>, borrowerId: number) {
  const rows = await db
    .select()
    .from(consentChoices)
    .where(eq(consentChoices.borrowerId, borrowerId))
    .orderBy(desc(consentChoices.id));
  return OPTIONAL_CONSENTS.map((consent) => {
    const latest = rows.find((r) => r.consent === consent);
    return { consent: consent as OptionalConsent, given: latest?.given ?? false, at: latest?.at.toISOString() ?? null };
  });
}

/** Everything held about one borrower (My data, and the files it downloads). */
export async function myDataOf(db: Db, borrowerId: number, locale: ReplyLocale) {
  const borrower = await db.query.borrowers.findFirst({ where: eq(borrowers.id, borrowerId) });
  if (!borrower) throw notFound('The account');
  const [answers, accounts, orders, filed, devices, liveSessions, consents, access, holds] = await Promise.all([
    db.select().from(applicationAnswers).where(eq(applicationAnswers.borrowerId, borrowerId)),
    db.select().from(payoutAccounts).where(eq(payoutAccounts.borrowerId, borrowerId)),
    db.select().from(loanOrders).where(eq(loanOrders.borrowerId, borrowerId)).orderBy(desc(loanOrders.id)),
    db.select().from(complaints).where(eq(complaints.borrowerId, borrowerId)).orderBy(desc(complaints.id)),
    db.select().from(borrowerDevices).where(eq(borrowerDevices.borrowerId, borrowerId)),
    db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.revokedAt))),
    db.select().from(privacyConsents).where(eq(privacyConsents.borrowerId, borrowerId)).orderBy(privacyConsents.id),
    db
      .select()
      .from(personalDataAccess)
      .where(eq(personalDataAccess.borrowerId, borrowerId))
      .orderBy(desc(personalDataAccess.at))
      .limit(200),
    db.select().from(privacyHolds).where(eq(privacyHolds.borrowerId, borrowerId)).orderBy(privacyHolds.id),
  ]);
  const held: { group: string; label: string; value: string }[] = [];
  const add = (group: string, field: string, value: string) =>
    held.push({ group: groupLabel(group, locale), label: fieldLabel(field, locale), value });
  add('account', 'phone', borrower.phone);
  add('account', 'since', borrower.createdAt.toISOString());
  if (borrower.language) add('account', 'language', borrower.language);
  for (const section of SECTIONS) {
    const row = answers.find((a) => a.section === section);
    for (const [field, value] of Object.entries(row?.answers ?? {})) add(section, field, value);
  }
  for (const a of accounts) {
    add('bank', 'accountName', a.accountName);
    add('bank', 'accountNo', a.accountNo);
  }
  for (const o of orders)
    held.push({
      group: groupLabel('loans', locale),
      label: o.orderNo,
      value: `${formatMoney(o.amount)} · ${isOrderStatus(o.status) ? orderStatusText[o.status] : o.status} · ${o.createdAt.toISOString().slice(0, 10)}`,
    });
  for (const c of filed)
    held.push({
      group: groupLabel('complaints', locale),
      label: c.createdAt.toISOString().slice(0, 10),
      value: c.detail,
    });
  add('devices', 'devices', String(devices.length));
  add('devices', 'sessions', String(liveSessions.length));

  const answerOf = (field: CorrectableField) => {
    const [section, key] = field.split('.') as [string, string];
    return answers.find((a) => a.section === section)?.answers[key] ?? '';
  };
  return {
    held,
    consents: consents.map((c) => ({ version: c.version, givenAt: c.givenAt.toISOString() })),
    optional: await optionalConsents(db, borrowerId),
    requests: await requestsOf(db, borrowerId),
    access: access.map((a) => ({ what: a.what, at: a.at.toISOString() })),
    holds: holds.map((h) => ({ kind: h.kind, what: h.what, reason: h.reason, keptUntil: h.keptUntil })),
    correctable: (Object.keys(CORRECTABLE) as CorrectableField[]).map((field) => ({ field, value: answerOf(field) })),
  };
}

export type MyData = Awaited<ReturnType<typeof myDataOf>>;
