import { and, desc, eq } from 'drizzle-orm';
import { Code } from '../../../../shared/codes';
import type { Db } from '../../../db/client';
import { productChanges, products, staff } from '../../../db/schema';
import { DEFAULT_LENDER_LIMITS, type LenderLimits, loanProductSchema } from '../../../domain/loan';
import { AppError, notFound } from '../../../http/app-error';
import { checkTerms } from './product-check';

type ProductRow = typeof products.$inferSelect;
export type ProductChangeRow = typeof productChanges.$inferSelect;

/** The terms that set what a borrower pays: changing any of them needs a second admin. */
export const PRICING_FIELDS = [
  'dailyInterestBps',
  'serviceFeeBps',
  'extensionFeeBps',
  'extensionAllowed',
  'defaultChargeNew',
  'defaultChargeRepeat',
  'penaltyTiers',
] as const;

export const productOut = (row: ProductRow, notes?: string[]) => ({
  id: row.id,
  name: row.name,
  logo: row.logo,
  enabled: row.enabled,
  terms: row.terms,
  presentation: row.presentation,
  firstLoanMax: row.firstLoanMax,
  limitStep: row.limitStep,
  openLoansAllowed: row.openLoansAllowed,
  ...(notes ? { notes } : {}),
});

/** Stored terms with the engine's defaults filled in, so leaving a default implicit is no change. */
export const withDefaults = (terms: unknown): Record<string, unknown> => {
  const parsed = loanProductSchema.safeParse(terms);
  return parsed.success ? parsed.data : ((terms ?? {}) as Record<string, unknown>);
};

export function pricingChanged(before: unknown, after: unknown): boolean {
  const a = withDefaults(before);
  const b = withDefaults(after);
  return PRICING_FIELDS.some((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]));
}

const samePlainTerms = (before: unknown, after: unknown) =>
  JSON.stringify(withDefaults(before)) === JSON.stringify(withDefaults(after));

export interface SaveInput {
  id?: number;
  name: string;
  logo: string;
  enabled: boolean;
  terms: unknown;
  /** Left out (undefined): unchanged. */
  presentation?: ProductRow['presentation'];
  firstLoanMax?: number | null;
  limitStep?: number;
  openLoansAllowed?: number;
}

/** The fields that never change the price and apply at once, when given. */
const plainFields = (input: SaveInput) => ({
  ...(input.presentation !== undefined ? { presentation: input.presentation } : {}),
  ...(input.firstLoanMax !== undefined ? { firstLoanMax: input.firstLoanMax } : {}),
  ...(input.limitStep !== undefined ? { limitStep: input.limitStep } : {}),
  ...(input.openLoansAllowed !== undefined ? { openLoansAllowed: input.openLoansAllowed } : {}),
});

/**
 * Saves a product. Name, logo, turning it off and terms that leave the price alone (amounts, term,
 * periods, prepayment) apply at once; a change of pricing terms or turning the product on is
 * proposed instead and waits for a second admin, the product pricing at its old terms until then.
 * A new product is created off; asking for it on proposes turning it on.
 */
export async function saveProduct(
  db: Db,
  input: SaveInput,
  actor: string,
  limits: LenderLimits = DEFAULT_LENDER_LIMITS,
) {
  const { terms, notes } = checkTerms(input.terms, limits);
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [row] = await tx
        .insert(products)
        .values({ name: input.name, logo: input.logo, enabled: false, terms, ...plainFields(input) })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const pending = input.enabled ? await propose(tx, row, { enabled: true }, actor) : null;
      return { before: null, after: productOut(row, notes), pending };
    }
    const [before] = await tx.select().from(products).where(eq(products.id, input.id)).for('update');
    if (!before) throw notFound('The product');
    const pricing = pricingChanged(before.terms, terms);
    const turningOn = input.enabled && !before.enabled;
    const waiting = await tx.query.productChanges.findFirst({
      where: and(eq(productChanges.productId, before.id), eq(productChanges.status, 'pending')),
    });
    if (waiting && !samePlainTerms(before.terms, terms)) {
      throw new AppError(
        Code.CONFLICT,
        `Product ${before.name} has a change waiting for a second admin (change ${waiting.id}); approve or reject it first`,
        { field: 'terms' },
      );
    }
    const values = {
      name: input.name,
      logo: input.logo,
      enabled: turningOn ? before.enabled : input.enabled,
      terms: pricing ? before.terms : terms,
      ...plainFields(input),
    };
    const [row] = await tx.update(products).set(values).where(eq(products.id, before.id)).returning();
    if (!row) throw notFound('The product');
    const proposed = { ...(pricing ? { terms } : {}), ...(turningOn ? { enabled: true } : {}) };
    const pending = pricing || turningOn ? await propose(tx, before, proposed, actor) : null;
    return { before: productOut(before), after: productOut(row, notes), pending };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function propose(
  tx: Tx,
  product: ProductRow,
  proposed: Record<string, unknown>,
  actor: string,
): Promise<ProductChangeRow> {
  const before = {
    ...('terms' in proposed ? { terms: product.terms } : {}),
    ...('enabled' in proposed ? { enabled: product.enabled } : {}),
  };
  const [row] = await tx
    .insert(productChanges)
    .values({ productId: product.id, before, proposed, requestedBy: actor })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new AppError(Code.CONFLICT, `Product ${product.name} already has a change waiting for a second admin`, {
      field: 'terms',
    });
  return row;
}

/**
 * A second admin approves a change someone else proposed: the engine checks the terms again (the
 * limits may have moved) and the product takes them. The proposer gets 403.
 */
export async function approveProductChange(
  db: Db,
  input: { changeId: number; actor: string },
  limits: LenderLimits = DEFAULT_LENDER_LIMITS,
) {
  return db.transaction(async (tx) => {
    const [change] = await tx.select().from(productChanges).where(eq(productChanges.id, input.changeId)).for('update');
    if (!change) throw new AppError(Code.NOT_FOUND, 'The product change was not found', { field: 'changeId' });
    if (change.status !== 'pending')
      throw new AppError(Code.CONFLICT, `This change was already ${change.status}`, { field: 'changeId' });
    if (change.requestedBy === input.actor)
      throw new AppError(Code.FORBIDDEN, 'A second admin must approve a change you proposed yourself');
    const [before] = await tx.select().from(products).where(eq(products.id, change.productId)).for('update');
    if (!before) throw notFound('The product');
    const set: Partial<typeof products.$inferInsert> = {};
    if (change.proposed.terms !== undefined) set.terms = checkTerms(change.proposed.terms, limits).terms;
    if (change.proposed.enabled === true) set.enabled = true;
    const [after] = await tx.update(products).set(set).where(eq(products.id, before.id)).returning();
    if (!after) throw notFound('The product');
    const [decided] = await tx
      .update(productChanges)
      .set({ status: 'approved', decidedBy: input.actor, decidedAt: new Date() })
      .where(eq(productChanges.id, change.id))
      .returning();
    if (!decided) throw new Error('product change not updated');
    return { change: decided, before: productOut(before), after: productOut(after) };
  });
}

/** Rejects a pending change with a reason; the product stays as it is. */
export async function rejectProductChange(
  db: Db,
  input: { changeId: number; actor: string; reason: string },
): Promise<ProductChangeRow> {
  const [rejected] = await db
    .update(productChanges)
    .set({ status: 'rejected', decidedBy: input.actor, decidedAt: new Date(), rejectReason: input.reason })
    .where(and(eq(productChanges.id, input.changeId), eq(productChanges.status, 'pending')))
    .returning();
  if (!rejected) throw new AppError(Code.CONFLICT, 'Only a pending change can be rejected', { field: 'changeId' });
  return rejected;
}

/** Product changes, newest first, with the product's name and the proposer's; only one status when asked. */
export async function listProductChanges(db: Db, status?: string) {
  return db
    .select({ change: productChanges, productName: products.name, proposerName: staff.name })
    .from(productChanges)
    .innerJoin(products, eq(products.id, productChanges.productId))
    .leftJoin(staff, eq(staff.email, productChanges.requestedBy))
    .where(status ? eq(productChanges.status, status) : undefined)
    .orderBy(desc(productChanges.id))
    .limit(200);
}

/** The name of the staff member who proposed a change (changes are kept by the proposer's e-mail). */
export async function proposerName(db: Db, requestedBy: string): Promise<string | null> {
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.email, requestedBy));
  return row?.name ?? null;
}
