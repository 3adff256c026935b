import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import type { Database } from '../db/client';

/*
 * The server builds the app while its database opens and migrates (server.ts, issue 23): a
 * statement sent during the build could reach a fresh database before its tables exist. The
 * build is therefore done here with a database that refuses every use, and must succeed.
 */
describe('building the app', () => {
  it('sends no statement to the database until it is ready', async () => {
    const used: string[] = [];
    const refuse = (what: string) => {
      used.push(what);
      throw new Error(`the database was used during the build: ${what}`);
    };
    const db = new Proxy(
      {},
      {
        get: (_target, key) =>
          typeof key === 'symbol' ? undefined : (..._args: unknown[]) => refuse(`db.${key}`),
      },
    );
    const database: Database = {
      kind: 'pglite',
      db: db as Database['db'],
      migrate: () => Promise.resolve(refuse('migrate')),
      alone: () => Promise.resolve(refuse('alone')),
      close: () => Promise.resolve(),
    };
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const app = await buildApp({
      env,
      database,
      outboxIntervalMs: 2000,
      reconcileIntervalMs: 60_000,
      sweepIntervalMs: 30_000,
    });
    expect(used).toEqual([]);
    await app.close();
  });
});
