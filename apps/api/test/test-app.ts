import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv, type Env } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { FixedClock } from '../src/platform/clock';
import type { Transports } from '../src/platform/outbox';
import { adminQuery, testDatabaseUrl, waitUntilUnused, withDatabaseName } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  clock: FixedClock;
  database: Database;
  /** POST a call under /client-api with the portal's headers; returns the parsed body too. */
  call(path: string, payload?: unknown, headers?: Record<string, string>): Promise<CallResponse>;
  close(): Promise<void>;
}

export interface CallResponse {
  response: LightMyRequestResponse;
  body: {
    state: string;
    errorCode: string | null;
    errorMsg?: string;
    result?: unknown;
  };
}

/** A fresh copy of the migrated, seeded test database: each test file gets its own. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('dbTemplate');
  const url = testDatabaseUrl();
  if (url) {
    const name = `portal_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openDatabase({
      kind: 'pg',
      url: withDatabaseName(url, name),
      poolSize: 4,
    });
    return {
      database,
      drop: async () => {
        await waitUntilUnused(url, name);
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = new Blob([await fs.readFile(template)]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
  return { database, drop: async () => {} };
}

export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>;
  transports?: Transports;
  now?: string;
  /** Registers extra routes before the app is ready (tests of shared mechanisms). */
  extend?: (app: FastifyInstance) => void;
}

/** POSTs calls under /client-api to an app, with the portal's headers. */
function callerOf(app: FastifyInstance): TestApp['call'] {
  return async (path, payload, headers = {}) => {
    const request: InjectOptions = {
      method: 'POST',
      url: `/client-api${path}`,
      headers: { channel: 'ASE', 'accept-language': 'en-GB', ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    };
    const response = await app.inject(request);
    return { response, body: response.json<CallResponse['body']>() };
  };
}

/**
 * Another app instance on the same database, env and clock: a second process behind the load
 * balancer. Close it before the test app.
 */
export async function secondInstance(
  t: TestApp,
): Promise<Pick<TestApp, 'app' | 'call'> & { close(): Promise<void> }> {
  const app = await buildApp({ env: t.app.env, database: t.database, clock: t.clock });
  await app.ready();
  return { app, call: callerOf(app), close: () => app.close() };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // Each file's many logins come from one address; ip-limits.test.ts checks the real budgets.
    IP_LIMIT_FACTOR: '100',
    ...options.env,
  });
  const { database, drop } = await freshDatabase();
  const clock = new FixedClock(options.now);
  const app = await buildApp({
    env,
    database,
    clock,
    ...(options.transports ? { transports: options.transports } : {}),
  });
  options.extend?.(app);
  await app.ready();

  return {
    app,
    clock,
    database,
    call: callerOf(app),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
