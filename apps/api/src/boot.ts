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

/** Migrates and seeds it; on failure, closes it. */
export async function prepareDatabase(database: Database, env: Env): Promise<void> {
  try {
    // Instances started together take turns: the first migrates and seeds, the rest find it done.
    // The seed's modules load while the migration runs.
    const seeding = import('./db/seed/index');
    seeding.catch(() => {}); // awaited below, unless the migration fails first
    await database.alone(async () => {
      await database.migrate();
      const { seed } = await seeding;
      await seed(database.db, { demo: env.NODE_ENV !== 'production' || env.DEMO_DATA });
    });
  } catch (err) {
    await database.close();
    throw err;
  }
}
