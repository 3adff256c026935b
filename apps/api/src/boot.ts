import path from 'node:path';
import type { Env } from './config/env';
import { openDatabase, type Database } from './db/client';
import { seed } from './db/seed/index';

/** Opens the configured database (PGlite in DATA_DIR unless DATABASE_URL), migrates and seeds it. */
export async function openAndPrepareDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'pg', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') });
  try {
    // Instances started together take turns: the first migrates and seeds, the rest find it done.
    await database.alone(async () => {
      await database.migrate();
      await seed(database.db, { demo: env.NODE_ENV !== 'production' || env.DEMO_DATA });
    });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
