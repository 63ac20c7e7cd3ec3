import { asc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import { storedTemplateData } from '../../../../shared/contracts/back-office-catalogue';
import { PAYMENT_CHANNELS } from '../../../../shared/payment-channels';
import type { Db } from '../../../db/client';
import { productChannels, products, promotionEvents, promotionTemplates } from '../../../db/schema';
import { AppError, notFound } from '../../../http/app-error';
import { productOut } from './product-changes';

export { checkTerms } from './product-check';

export async function listProducts(db: Db) {
  return (await db.select().from(products).orderBy(asc(products.id))).map((row) => productOut(row));
}

export async function listChannels(db: Db, productId: number) {
  if (!(await db.query.products.findFirst({ where: eq(products.id, productId) }))) throw notFound('The product');
  const offered = await db.select().from(productChannels).where(eq(productChannels.productId, productId));
  const position = new Map(offered.map((row) => [row.channelNumber, row.position]));
  return PAYMENT_CHANNELS.map((channel) => ({
    channelNumber: channel.channelNumber,
    name: channel.name,
    kind: channel.kind,
    position: position.get(channel.channelNumber) ?? null,
  })).sort((a, b) => (a.position ?? 99) - (b.position ?? 99));
}

export async function saveChannels(db: Db, productId: number, numbers: number[]) {
  const known = new Set(PAYMENT_CHANNELS.map((c) => c.channelNumber));
  const unknown = numbers.filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw new AppError(Code.BAD_REQUEST, `Unknown channel: ${unknown.join(', ')}`, { field: 'channels' });
  if (new Set(numbers).size !== numbers.length)
    throw new AppError(Code.BAD_REQUEST, 'A channel is listed twice', { field: 'channels' });
  const before = await listChannels(db, productId);
  await db.transaction(async (tx) => {
    await tx.delete(productChannels).where(eq(productChannels.productId, productId));
    await tx
      .insert(productChannels)
      .values(numbers.map((channelNumber, position) => ({ productId, channelNumber, position })));
  });
  return { before, after: await listChannels(db, productId) };
}

type TemplateRow = typeof promotionTemplates.$inferSelect;
const templateOut = (row: TemplateRow) => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  data: row.data as Record<string, unknown>,
});

export async function listTemplates(db: Db) {
  return (await db.select().from(promotionTemplates).orderBy(asc(promotionTemplates.id))).map(templateOut);
}

export async function saveTemplate(db: Db, input: { id?: number; name: string; enabled: boolean; data: unknown }) {
  const parsed = storedTemplateData.safeParse(input.data);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`);
    throw new AppError(Code.BAD_REQUEST, `The template is not valid: ${errors.join('; ')}`, { field: 'data', errors });
  }
  const values = { name: input.name, enabled: input.enabled, data: parsed.data, updatedAt: sql`now()` };
  if (input.id === undefined) {
    const [row] = await db.insert(promotionTemplates).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return { before: null, after: templateOut(row) };
  }
  const before = await db.query.promotionTemplates.findFirst({ where: eq(promotionTemplates.id, input.id) });
  if (!before) throw notFound('The template');
  const [row] = await db.update(promotionTemplates).set(values).where(eq(promotionTemplates.id, input.id)).returning();
  if (!row) throw notFound('The template');
  return { before: templateOut(before), after: templateOut(row) };
}

/** Visits → clicks on Apply → registrations per template, between two Manila dates (inclusive). */
export async function funnel(db: Db, from?: string, to?: string) {
  const rows = await db
    .select({
      templateId: promotionEvents.templateId,
      name: sql<string>`coalesce(${promotionTemplates.name}, 'No template')`,
      visits: sql<number>`count(*) filter (where ${promotionEvents.kind} = 'visit')::int`,
      clicks: sql<number>`count(*) filter (where ${promotionEvents.kind} = 'click')::int`,
      registrations: sql<number>`count(*) filter (where ${promotionEvents.kind} = 'register')::int`,
    })
    .from(promotionEvents)
    .leftJoin(promotionTemplates, eq(promotionTemplates.id, promotionEvents.templateId))
    .where(
      sql`(${from ?? null}::date is null or ${promotionEvents.createdAt} >= (${from ?? null}::date)::timestamp at time zone 'Asia/Manila')
      and (${to ?? null}::date is null or ${promotionEvents.createdAt} < ((${to ?? null}::date) + 1)::timestamp at time zone 'Asia/Manila')`,
    )
    .groupBy(promotionEvents.templateId, promotionTemplates.name)
    .orderBy(asc(promotionEvents.templateId));
  return rows;
}
