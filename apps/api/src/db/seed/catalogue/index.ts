import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { airports, products, settings } from '../../schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { demoCatalogue } from './generate';

/** Bump when the generator changes: the next boot re-seeds the demo catalogue. */
export const CATALOGUE_SEED_VERSION = 3;
export const CATALOGUE_SEED_KEY = 'seed:catalogue';

/**
 * The demo catalogue over every large airport, written once per seed version. Products an
 * operator imported are left as they are; demo products the generator no longer makes are
 * withdrawn (not deleted, since bookings may point at them).
 */
export async function seedDemoCatalogue(tx: Tx): Promise<void> {
  const [current] = await tx.select().from(settings).where(eq(settings.key, CATALOGUE_SEED_KEY));
  if (current?.value === CATALOGUE_SEED_VERSION) return;
  const large = await tx
    .select({ iataCode: airports.iataCode, city: airports.city, country: airports.country })
    .from(airports)
    .where(eq(airports.size, 'large'))
    .orderBy(asc(airports.iataCode));
  // upsertProducts moves the catalogue's version after both writes.
  await tx.update(products).set({ active: false }).where(eq(products.source, 'demo'));
  await upsertProducts(tx, demoCatalogue(large), 'demo');
  await tx
    .insert(settings)
    .values({ key: CATALOGUE_SEED_KEY, value: CATALOGUE_SEED_VERSION })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: CATALOGUE_SEED_VERSION, updatedAt: sql`now()` },
    });
}
