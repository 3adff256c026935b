import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { airports, countries, settings } from '../schema';
import { catalogueVersions, PRODUCTS } from '../../platform/catalogue/catalogue-store';
import { CATALOGUE_SEED_KEY, CATALOGUE_SEED_VERSION, seedDemoCatalogue } from './catalogue/index';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoMember } from './demo-member';
import { seedDemoMemberships } from './demo-memberships';

/** Bump when the reference data or its shaping changes: the next boot re-seeds. */
const REFERENCE_SEED_VERSION = 1;
const SEED_KEY = 'seed:reference';

async function insertInBatches<T>(
  rows: T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seedReferenceData(tx: Tx): Promise<void> {
  // The data sets are read only when the seed version changes, not at every start (issue 23).
  const { airportRows, dialCodeRows } = await import('./reference-data');
  const countryRows = dialCodeRows();
  await insertInBatches(countryRows, 500, (batch) =>
    tx
      .insert(countries)
      .values(batch)
      .onConflictDoUpdate({
        target: countries.iso2,
        set: { name: sql`excluded.name`, dialCode: sql`excluded.dial_code` },
      }),
  );
  const rows = airportRows();
  await insertInBatches(rows, 500, (batch) =>
    tx
      .insert(airports)
      .values(batch)
      .onConflictDoUpdate({
        target: airports.iataCode,
        set: {
          code: sql`excluded.code`,
          name: sql`excluded.name`,
          city: sql`excluded.city`,
          country: sql`excluded.country`,
          countryName: sql`excluded.country_name`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          timeZone: sql`excluded.time_zone`,
          keywords: sql`excluded.keywords`,
          size: sql`excluded.size`,
        },
      }),
  );
}

export interface SeedOptions {
  demo: boolean;
  /** The app's clock: the demo bookings are placed around it (default: the real time). */
  now?: Date;
}

/** Idempotent: reference data once per seed version; demo data only where absent. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.key, SEED_KEY));
    if (current?.value !== REFERENCE_SEED_VERSION) {
      await seedReferenceData(tx);
      await tx
        .insert(settings)
        .values({ key: SEED_KEY, value: REFERENCE_SEED_VERSION })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: REFERENCE_SEED_VERSION, updatedAt: sql`now()` },
        });
    }
    if (options.demo) {
      await seedDemoMemberships(tx);
      await seedDemoMember(tx);
      await seedDemoCatalogue(tx);
      await seedDemoBookings(tx, options.now ?? new Date());
    }
  });
  // The demo catalogue's writes counted before the commit; counted again now it is in
  // (catalogueVersions: reads under way since before it are not shared past it).
  if (options.demo) catalogueVersions.moved(PRODUCTS);
}

/**
 * Whether the reference data, and with demo data the demo catalogue, are at this build's
 * versions (one statement): what the seed would then still do is top up demo data someone
 * removed, which a start leaves until it is listening (boot.ts, issue 23).
 */
export async function seededAtThisVersion(db: Db, options: { demo: boolean }): Promise<boolean> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [SEED_KEY, CATALOGUE_SEED_KEY]));
  const version = new Map(rows.map((row) => [row.key, row.value]));
  return (
    version.get(SEED_KEY) === REFERENCE_SEED_VERSION &&
    (!options.demo || version.get(CATALOGUE_SEED_KEY) === CATALOGUE_SEED_VERSION)
  );
}
