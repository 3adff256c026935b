import path from 'node:path';
import type { Env } from './config/env';
import { openDatabase, type Database } from './db/client';
import { takeEarlyDatabase } from './db/early-database';

/** The configured database (PGlite in DATA_DIR unless DATABASE_URL), not yet migrated. */
export async function openConfiguredDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) {
    takeEarlyDatabase(undefined);
    return await openDatabase({ kind: 'pg', url: env.DATABASE_URL });
  }
  const dataDir = path.join(env.DATA_DIR, 'pglite');
  // The thread server.ts started for it, if any.
  const thread = takeEarlyDatabase(dataDir);
  return await openDatabase({ kind: 'pglite-thread', dataDir, ...(thread ? { thread } : {}) });
}

export interface PreparedDatabase {
  /**
   * The seed's remainder, for a moment after the server listens: topping up the demo data (the
   * member, the memberships, the bookings) of a database already seeded at this version.
   */
  later?: () => Promise<void>;
}

/**
 * Migrates and seeds it; on failure, closes it. On a database seeded at this build's versions,
 * the demo data's top-up is left until the server is up (issue 23: about 0.1 s of statements
 * at every start, which find nothing to do unless someone removed demo data).
 */
export async function prepareDatabase(database: Database, env: Env): Promise<PreparedDatabase> {
  const demo = env.NODE_ENV !== 'production' || env.DEMO_DATA;
  try {
    // Instances started together take turns: the first migrates and seeds, the rest find it done.
    // The seed's modules load while the migration runs.
    const seeding = import('./db/seed/index');
    seeding.catch(() => {}); // awaited below, unless the migration fails first
    return await database.alone(async () => {
      await database.migrate();
      const { seed, seededAtThisVersion } = await seeding;
      if (await seededAtThisVersion(database.db, { demo })) {
        if (!demo) return {};
        return { later: () => database.alone(() => seed(database.db, { demo })) };
      }
      await seed(database.db, { demo });
      return {};
    });
  } catch (err) {
    await database.close();
    throw err;
  }
}
