import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import { migrationsFolder } from '../config/paths';
import { PGLITE_EXTRA_START_PARAMS, startPgliteThread } from './pglite-start';
import type { PGliteThread } from './pglite-thread';
import type * as schemaModule from './schema';

export type Schema = typeof schemaModule;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction: for work that must be part of the caller's. */
export type InTx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction or the database itself: repositories take either. */
export type Tx = InTx | Db;

export interface Database {
  readonly kind: 'pglite' | 'pg';
  readonly db: Db;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own `alone` work on this database: on
   * PostgreSQL a session advisory lock, so instances started together migrate and seed one
   * after the other; PGlite has one process.
   */
  alone<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data dir as a gzipped tarball (tests copy a seeded one). */
  dump?(): Promise<Blob>;
}

export { migrationsFolder };
export { PGLITE_SHARED_BUFFERS } from './pglite-start';

/** The advisory lock key of `alone` (any number the portal uses for nothing else). */
export const PREPARE_LOCK = 7_310_042;

export type DatabaseOptions =
  | {
      kind: 'pg';
      url: string;
      poolSize?: number;
      /** Told when an idle pooled connection dies (the default writes a warning to stderr). */
      onIdleError?: (err: Error & { code?: string }) => void;
      /** The pool's connections' class (pg's Pool option): benches count statements with theirs. */
      Client?: typeof PgClient;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  /**
   * PGlite in DATA_DIR on a worker thread (the server): it opens while the portal's modules load
   * and runs statements beside the requests (pglite-thread.ts).
   */
  | { kind: 'pglite-thread'; dataDir: string; thread?: PGliteThread };

function warnIdleConnectionLost(err: Error & { code?: string }): void {
  // The message only: a driver error can carry the query's parameters.
  console.warn(
    `database: an idle connection was lost (${err.code ?? 'no code'}: ${err.message}); the pool opens a new one`,
  );
}

/*
 * Each kind loads its own driver when opened (issue 23): the server's embedded database starts
 * its worker before any of them is loaded, and a deployment on PostgreSQL loads no PGlite.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pg') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }, schema] =
      await Promise.all([
        import('pg'),
        import('drizzle-orm/node-postgres'),
        import('drizzle-orm/node-postgres/migrator'),
        import('./schema'),
      ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: options.Client,
    });
    // A connection that dies while idle in the pool (the server restarted, a failover, an
    // administrator ended it) is an 'error' event on the pool: unheard, it ends the process.
    // The pool has already dropped that connection and opens a new one when next asked.
    pool.on('error', options.onIdleError ?? warnIdleConnectionLost);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'pg',
      db,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      alone: async (work) => {
        // Its own connection holds the lock; should unlocking fail, the connection is closed
        // rather than returned to the pool, which ends the session and frees the lock with it.
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]).catch((err) => {
              broken = err as Error;
            });
          }
        } finally {
          client.release(broken ?? false);
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.kind === 'pglite-thread') {
    // Not waited for: the migration's first statement waits on the worker until it is open.
    const thread = options.thread ?? startPgliteThread(options.dataDir);
    return pgliteDatabase(thread.asPGlite(), { close: () => thread.close() });
  }
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...PGLITE_EXTRA_START_PARAMS],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return pgliteDatabase(client, {
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  });
}

/** A PGlite client (in this thread or on its worker) as the portal's Database. */
async function pgliteDatabase(
  client: PGlite,
  own: Pick<Database, 'close' | 'dump'>,
): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }, schema] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./schema'),
  ]);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    kind: 'pglite',
    db: pgliteDb,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    alone: (work) => work(),
    ...own,
  };
}
