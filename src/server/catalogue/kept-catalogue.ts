import { asc, sql } from 'drizzle-orm';
import { deepFreeze } from '../../shared/deep-freeze';
import type { Db } from '../db/client';
import { catalogueVersion, products } from '../db/schema';

/** A product as the borrower's pages show it (what the order page names and recommends). */
export interface CatalogueProduct {
  id: number;
  name: string;
  logo: string;
  terms: Readonly<Record<string, unknown>>;
  enabled: boolean;
}

/** Every product (enabled or not: an order names its own even after it is switched off), as of `version`. */
export interface Catalogue {
  readonly version: number;
  readonly byId: ReadonlyMap<number, CatalogueProduct>;
  /** The enabled ones, in id order. */
  readonly enabled: readonly CatalogueProduct[];
}

/**
 * The catalogue's version as a column of another read: one row by primary key. A hot read takes
 * it beside its own columns and asks `keptCatalogue(db).at(version)` for the products, instead of
 * joining and aggregating them on every call.
 */
export const catalogueVersionColumn = sql<string>`(select ${catalogueVersion.version} from ${catalogueVersion})`;

/** The version and every product in one statement, so both come from the same snapshot. */
async function readCatalogue(db: Db): Promise<Catalogue> {
  const [row] = await db
    .select({
      version: catalogueVersionColumn,
      products: sql<CatalogueProduct[] | null>`(
        select json_agg(json_build_object('id', ${products.id}, 'name', ${products.name}, 'logo', ${products.logo},
          'terms', ${products.terms}, 'enabled', ${products.enabled}) order by ${asc(products.id)})
        from ${products})`,
    })
    .from(catalogueVersion);
  if (!row) throw new Error('catalogue_version has no row: the migrations did not run');
  const list = (row.products ?? []).map((p) => ({ ...p, id: Number(p.id) }));
  return deepFreeze({
    version: Number(row.version),
    byId: new Map(list.map((p) => [p.id, p])),
    enabled: list.filter((p) => p.enabled),
  });
}

/** What one process keeps of one database's catalogue. */
class KeptCatalogue {
  #kept: Catalogue | undefined;
  #reading: Promise<Catalogue> | undefined;
  constructor(private readonly db: Db) {}

  /**
   * The catalogue for a read that saw `version`: the kept one when it is that version, else one
   * read of the database (concurrent callers share it), which becomes the kept one. A read that
   * started before the caller's version was committed comes back older, and is read again once.
   * Any other version (a newer one; an older one after a database was restored from a backup) is
   * the database's current catalogue, and is what the caller gets.
   */
  at(version: number): Catalogue | Promise<Catalogue> {
    const kept = this.#kept;
    if (kept?.version === version) return kept;
    return this.#read().then((read) => (read.version >= version ? read : this.#read()));
  }

  #read(): Promise<Catalogue> {
    this.#reading ??= readCatalogue(this.db)
      .then((read) => {
        this.#kept = read;
        return read;
      })
      .finally(() => {
        this.#reading = undefined;
      });
    return this.#reading;
  }
}

const byDatabase = new WeakMap<Db, KeptCatalogue>();

/** The catalogue this process keeps for `db`: reads it again only when the version has moved. */
export function keptCatalogue(db: Db): KeptCatalogue {
  let kept = byDatabase.get(db);
  if (!kept) {
    kept = new KeptCatalogue(db);
    byDatabase.set(db, kept);
  }
  return kept;
}
