import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { API_PREFIX, type CallDef, type PayloadOf } from '@portal/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv, type Env } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { FixedClock } from '../src/platform/clock';
import type { Transports } from '../src/platform/outbox';
import { adminQuery, waitUntilUnused, withDatabaseName } from './test-database';

declare const uncheckedBrand: unique symbol;
/** A payload the compiler does not check against its call (see `unchecked`). */
export interface Unchecked {
  readonly [uncheckedBrand]: true;
}
/**
 * A payload sent as it is, unchecked by the compiler: bad input on purpose, or one built in a
 * loop over many calls. Every other payload is typed by its call's contract.
 */
export const unchecked = (payload: unknown) => payload as Unchecked;

/** POSTs a call of the contract with the portal's headers; answers the parsed body too. */
export type CallCaller = <C extends CallDef>(
  call: C,
  payload?: PayloadOf<C> | Unchecked,
  headers?: Record<string, string>,
) => Promise<CallResponse>;

/** POSTs to a path under /client-api that is no call of the contract (tests of the plumbing). */
export type PathCaller = (
  path: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<CallResponse>;

export interface TestApp {
  app: FastifyInstance;
  clock: FixedClock;
  database: Database;
  /** The file's own PostgreSQL database; undefined on PGlite. */
  databaseUrl?: string;
  call: CallCaller;
  post: PathCaller;
  close(): Promise<void>;
}

export interface CallResponse {
  /** The contract's call that was made (absent for `post`). */
  call?: CallDef;
  response: LightMyRequestResponse;
  body: {
    state: string;
    errorCode: string | null;
    errorMsg?: string;
    result?: unknown;
  };
}

interface FreshDatabase {
  database: Database;
  databaseUrl?: string;
  drop: () => Promise<void>;
}

/** A fresh copy of the migrated, seeded test database: each test file gets its own. */
async function freshDatabase(poolSize = 4): Promise<FreshDatabase> {
  const template = inject('dbTemplate');
  const url = inject('databaseUrl') || undefined;
  if (url) {
    const name = `portal_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const databaseUrl = withDatabaseName(url, name);
    const database = await openDatabase({ kind: 'pg', url: databaseUrl, poolSize });
    return {
      database,
      databaseUrl,
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
  /** PostgreSQL: the app's connections (race tests hold one per call they run at once). */
  poolSize?: number;
  /** Registers extra routes before the app is ready (tests of shared mechanisms). */
  extend?: (app: FastifyInstance) => void;
}

/** POSTs under /client-api to an app, with the portal's headers. */
function postOf(app: FastifyInstance): PathCaller {
  return async (path, payload, headers = {}) => {
    const request: InjectOptions = {
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      headers: { channel: 'ASE', 'accept-language': 'en-GB', ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    };
    const response = await app.inject(request);
    return { response, body: response.json<CallResponse['body']>() };
  };
}

function callerOf(app: FastifyInstance): CallCaller {
  const post = postOf(app);
  return async (call, payload, headers) => ({ call, ...(await post(call.path, payload, headers)) });
}

/**
 * Another app instance on the same database, env and clock: a second process behind the load
 * balancer. Close it before the test app.
 */
export async function secondInstance(
  t: TestApp,
): Promise<Pick<TestApp, 'app' | 'call' | 'post'> & { close(): Promise<void> }> {
  const app = await buildApp({ env: t.app.env, database: t.database, clock: t.clock });
  await app.ready();
  return { app, call: callerOf(app), post: postOf(app), close: () => app.close() };
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
  const { database, databaseUrl, drop } = await freshDatabase(options.poolSize);
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
    ...(databaseUrl ? { databaseUrl } : {}),
    call: callerOf(app),
    post: postOf(app),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
