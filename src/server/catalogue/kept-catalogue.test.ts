import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueVersion, products } from '../db/schema';
import { seedProducts } from '../db/seed/seed-products';
import { createTestDatabase } from '../test/test-db';
import { catalogueVersionColumn, keptCatalogue } from './kept-catalogue';

const database = await createTestDatabase();
const { db } = database;
await seedProducts(db);
afterAll(() => database.close());

/** The version as a hot read sees it (the column it selects beside its own). */
async function versionNow(): Promise<number> {
  const [row] = await db.select({ version: catalogueVersionColumn }).from(catalogueVersion);
  return Number(row?.version);
}

describe('the products kept in memory, read again only when the catalogue changes', () => {
  it('keeps one read while the version stands, and every product, enabled or not', async () => {
    const version = await versionNow();
    const first = await keptCatalogue(db).at(version);
    expect(first.version).toBe(version);
    expect(await keptCatalogue(db).at(version)).toBe(first);
    const [row] = await db.select().from(products).orderBy(products.id).limit(1);
    expect(first.byId.get(row?.id ?? 0)?.name).toBe(row?.name);
    expect(first.enabled.map((p) => p.id)).toEqual(
      (await db.select({ id: products.id }).from(products).where(eq(products.enabled, true)).orderBy(products.id)).map(
        (p) => p.id,
      ),
    );
  });

  it('a renamed product moves the version, and the next read of that version names it anew', async () => {
    const before = await versionNow();
    const kept = await keptCatalogue(db).at(before);
    const id = kept.enabled[0]?.id ?? 0;
    await db.update(products).set({ name: 'Hiram Renamed' }).where(eq(products.id, id));
    const after = await versionNow();
    expect(after).toBeGreaterThan(before);
    // A request whose statement ran before the change is answered from what is kept.
    expect(await keptCatalogue(db).at(before)).toBe(kept);
    const fresh = await keptCatalogue(db).at(after);
    expect(fresh).not.toBe(kept);
    expect(fresh.byId.get(id)?.name).toBe('Hiram Renamed');
  });

  it('a product switched off leaves the enabled list and stays named; one added joins it', async () => {
    const [first] = await db.select().from(products).orderBy(products.id).limit(1);
    if (!first) throw new Error('no product');
    await db.update(products).set({ enabled: false }).where(eq(products.id, first.id));
    const [added] = await db
      .insert(products)
      .values({ name: 'Hiram Later', logo: first.logo, terms: first.terms })
      .returning({ id: products.id });
    const catalogue = await keptCatalogue(db).at(await versionNow());
    expect(catalogue.enabled.some((p) => p.id === first.id)).toBe(false);
    expect(catalogue.byId.get(first.id)?.name).toBe(first.name);
    expect(catalogue.enabled.at(-1)?.id).toBe(added?.id);
  });

  it('callers asking at once for a version not kept yet share one read', async () => {
    await db.execute(sql`update ${products} set ${sql.identifier('logo')} = ${sql.identifier('logo')}`);
    const version = await versionNow();
    const [a, b] = await Promise.all([keptCatalogue(db).at(version), keptCatalogue(db).at(version)]);
    expect(a).toBe(b);
    expect(a.version).toBe(version);
  });

  it('a database restored to an older version is read again, not served from the newer copy', async () => {
    const newer = await keptCatalogue(db).at(await versionNow());
    const [first] = newer.enabled;
    if (!first) throw new Error('no product');
    // As a restore from a backup would leave it: other products under an older version.
    await db.transaction(async (tx) => {
      await tx.update(products).set({ name: 'Hiram Restored' }).where(eq(products.id, first.id));
      await tx.update(catalogueVersion).set({ version: 1 });
    });
    const restored = await keptCatalogue(db).at(await versionNow());
    expect(restored.version).toBe(1);
    expect(restored.byId.get(first.id)?.name).toBe('Hiram Restored');
  });

  it('the version cannot be given a second row', async () => {
    await expect(db.insert(catalogueVersion).values({ only: false, version: 1 })).rejects.toThrow();
  });
});
