import { asc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { templateDataSchema } from '../../../shared/contracts/promotion';
import { manilaToday } from '../../../shared/format/date';
import { PAYMENT_CHANNELS } from '../../../shared/payment-channels';
import type { Db } from '../../db/client';
import { productChannels, products, promotionEvents, promotionTemplates } from '../../db/schema';
import { DEFAULT_LENDER_LIMITS, type LenderLimits, parseLoanProduct, quoteLoan } from '../../domain/loan';
import { AppError, notFound } from '../../http/app-error';

type ProductRow = typeof products.$inferSelect;
const productOut = (row: ProductRow, notes?: string[]) => ({ id: row.id, name: row.name, logo: row.logo, enabled: row.enabled, terms: row.terms, ...(notes ? { notes } : {}) });

export async function listProducts(db: Db) {
  return (await db.select().from(products).orderBy(asc(products.id))).map((row) => productOut(row));
}

/**
 * A product is saved only when the loan engine accepts its terms within the lender limits
 * (`config.lenderLimits`; the engine's defaults when not given) and can price both the smallest and
 * the largest loan; the ceilings that bind them today are named.
 */
export function checkTerms(terms: unknown, limits: LenderLimits = DEFAULT_LENDER_LIMITS): { terms: Record<string, unknown>; notes: string[] } {
  const check = parseLoanProduct(terms, limits);
  if (!check.ok) throw new AppError(Code.BAD_REQUEST, `The terms are not valid: ${check.errors.join('; ')}`, { field: 'terms', errors: check.errors });
  const notes: string[] = [];
  const today = manilaToday();
  for (const amount of [check.product.minAmount, check.product.maxAmount]) {
    try {
      const { ceiling } = quoteLoan(check.product, amount, today, limits);
      const under = ceiling.source ?? 'the lender limits';
      if (ceiling.applied.length > 0) notes.push(`A loan of ${amount} centavos is capped by ${under}: ${ceiling.applied.join(', ')}`);
      else if (ceiling.source) notes.push(`A loan of ${amount} centavos is within ${ceiling.source} and under its ceilings`);
    } catch (err) {
      throw new AppError(Code.BAD_REQUEST, `The engine cannot price ${amount} centavos: ${(err as Error).message}`, { field: 'terms' });
    }
  }
  return { terms: terms as Record<string, unknown>, notes };
}

export async function saveProduct(
  db: Db,
  input: { id?: number; name: string; logo: string; enabled: boolean; terms: unknown },
  limits: LenderLimits = DEFAULT_LENDER_LIMITS,
) {
  const { terms, notes } = checkTerms(input.terms, limits);
  const values = { name: input.name, logo: input.logo, enabled: input.enabled, terms };
  if (input.id === undefined) {
    const [row] = await db.insert(products).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return { before: null, after: productOut(row, notes) };
  }
  const before = await db.query.products.findFirst({ where: eq(products.id, input.id) });
  if (!before) throw notFound('The product');
  const [row] = await db.update(products).set(values).where(eq(products.id, input.id)).returning();
  if (!row) throw notFound('The product');
  return { before: productOut(before), after: productOut(row, notes) };
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
  if (unknown.length > 0) throw new AppError(Code.BAD_REQUEST, `Unknown channel: ${unknown.join(', ')}`, { field: 'channels' });
  if (new Set(numbers).size !== numbers.length) throw new AppError(Code.BAD_REQUEST, 'A channel is listed twice', { field: 'channels' });
  const before = await listChannels(db, productId);
  await db.transaction(async (tx) => {
    await tx.delete(productChannels).where(eq(productChannels.productId, productId));
    await tx.insert(productChannels).values(numbers.map((channelNumber, position) => ({ productId, channelNumber, position })));
  });
  return { before, after: await listChannels(db, productId) };
}

type TemplateRow = typeof promotionTemplates.$inferSelect;
const templateOut = (row: TemplateRow) => ({ id: row.id, name: row.name, enabled: row.enabled, data: row.data as Record<string, unknown> });

export async function listTemplates(db: Db) {
  return (await db.select().from(promotionTemplates).orderBy(asc(promotionTemplates.id))).map(templateOut);
}

export async function saveTemplate(db: Db, input: { id?: number; name: string; enabled: boolean; data: unknown }) {
  const parsed = templateDataSchema.safeParse(input.data);
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
