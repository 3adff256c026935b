import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { products, type ProductSource } from '../../db/schema';
import { versions } from '../read-cache';
import type { CatalogueProduct } from './catalogue-product';

type ProductRow = typeof products.$inferSelect;
type ProductInsert = typeof products.$inferInsert;

const BATCH = 250;

/** The key of `catalogueVersions` every product write moves. */
export const PRODUCTS = 'products';
/**
 * Changes to the products, moved after each write of this process: the bookable products it
 * keeps (read-cache.ts) are read again after one. Each writer moves it again once committed: the
 * ops routes after their transaction, the seed after its own, the fast-track sales switch by its
 * one statement (committed as it returns).
 */
export const catalogueVersions = versions(10_000, { countedAgainOnCommit: true });

export function productRowOf(p: CatalogueProduct, source: ProductSource): ProductInsert {
  return {
    id: p.id,
    kind: p.kind,
    airportCode: p.airportCode,
    name: p.name,
    terminal: p.terminal,
    side: p.side,
    description: p.description,
    directions: p.directions,
    weeklyHours: p.weeklyHours,
    facilities: p.facilities,
    conditions: p.conditions,
    offer: p.offer,
    terms: p.terms,
    offerTerms: p.offerTerms ?? null,
    lane: p.lane,
    priceAmount: p.price?.amount ?? null,
    priceCurrency: p.price?.currency ?? null,
    slotMinutes: p.slotMinutes,
    capacityPerSlot: p.capacityPerSlot,
    maxGuests: p.maxGuests ?? null,
    images: p.images,
    rank: p.rank,
    active: true,
    source,
  };
}

export function catalogueProductOf(row: ProductRow): CatalogueProduct {
  return {
    id: row.id,
    kind: row.kind,
    airportCode: row.airportCode,
    name: row.name,
    terminal: row.terminal,
    side: row.side,
    description: row.description,
    directions: row.directions,
    weeklyHours: row.weeklyHours,
    facilities: row.facilities,
    conditions: row.conditions,
    offer: row.offer,
    terms: row.terms,
    ...(row.offerTerms === null ? {} : { offerTerms: row.offerTerms }),
    lane: row.lane,
    price:
      row.priceAmount !== null && row.priceCurrency !== null
        ? { amount: row.priceAmount, currency: row.priceCurrency }
        : null,
    slotMinutes: row.slotMinutes,
    capacityPerSlot: row.capacityPerSlot,
    ...(row.maxGuests === null ? {} : { maxGuests: row.maxGuests }),
    images: row.images,
    rank: row.rank,
  };
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Every column an upsert overwrites (all but the id). */
const UPDATED_COLUMNS = {
  kind: excluded('kind'),
  airportCode: excluded('airport_code'),
  name: excluded('name'),
  terminal: excluded('terminal'),
  side: excluded('side'),
  description: excluded('description'),
  directions: excluded('directions'),
  weeklyHours: excluded('weekly_hours'),
  facilities: excluded('facilities'),
  conditions: excluded('conditions'),
  offer: excluded('offer'),
  terms: excluded('terms'),
  offerTerms: excluded('offer_terms'),
  lane: excluded('lane'),
  priceAmount: excluded('price_amount'),
  priceCurrency: excluded('price_currency'),
  slotMinutes: excluded('slot_minutes'),
  capacityPerSlot: excluded('capacity_per_slot'),
  maxGuests: excluded('max_guests'),
  images: excluded('images'),
  rank: excluded('rank'),
  active: excluded('active'),
  source: excluded('source'),
};

export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/**
 * Writes products in batches, inserting new ids and overwriting existing ones. The demo seed
 * never overwrites an operator's imported row; an import overwrites anything.
 */
export async function upsertProducts(
  tx: Tx,
  items: readonly CatalogueProduct[],
  source: ProductSource,
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0 };
  for (let i = 0; i < items.length; i += BATCH) {
    const rows = items.slice(i, i + BATCH).map((p) => productRowOf(p, source));
    const written = await tx
      .insert(products)
      .values(rows)
      .onConflictDoUpdate({
        target: products.id,
        set: UPDATED_COLUMNS,
        ...(source === 'demo' ? { setWhere: eq(products.source, 'demo') } : {}),
      })
      // xmax is 0 on a freshly inserted row version: it tells inserts from updates.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written) {
      if (row.inserted) counts.inserted++;
      else counts.updated++;
    }
  }
  catalogueVersions.moved(PRODUCTS);
  return counts;
}

/** Withdraws the products of the given airports that are not in `keep`; returns how many. */
export async function deactivateOthers(
  tx: Tx,
  airportCodes: readonly string[],
  keep: readonly string[],
): Promise<number> {
  if (airportCodes.length === 0) return 0;
  const withdrawn = await tx
    .update(products)
    .set({ active: false })
    .where(
      and(
        inArray(products.airportCode, [...airportCodes]),
        eq(products.active, true),
        keep.length > 0 ? notInArray(products.id, [...keep]) : undefined,
      ),
    )
    .returning({ id: products.id });
  catalogueVersions.moved(PRODUCTS);
  return withdrawn.length;
}
