import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { loadEnv } from '../../apps/api/src/config/env';
import type { Database } from '../../apps/api/src/db/client';

/**
 * The API in this process as the benches run it: quiet, no web build, the per-IP limits out of
 * the way (every bench caller is 127.0.0.1), and the provider's stand-in at `pspUrl` if given.
 */
export function buildBenchApp(database: Database, pspUrl?: string): Promise<FastifyInstance> {
  return buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      IP_LIMIT_FACTOR: '1000',
      ...(pspUrl ? { PSP_URL: pspUrl, PSP_API_KEY: 'bench-key' } : {}),
    }),
    database,
  });
}

/** The envelope a client call answers. */
export interface Envelope<T> {
  state: string;
  errorCode?: string;
  result: T;
}

/** A member's POST to a client call (`/client-api` + path) with their session's bearer token. */
export const memberPost =
  (app: FastifyInstance) =>
  async <T>(path: string, payload: object, bearer: string): Promise<Envelope<T>> => {
    const response = await app.inject({
      method: 'POST',
      url: `/client-api${path}`,
      headers: { channel: 'ASE', authorization: `Bearer ${bearer}` },
      payload,
    });
    return response.json<Envelope<T>>();
  };

/** `total` jobs run by `workers` at once, each taking the next index until none is left. */
export async function inWorkers(
  workers: number,
  total: number,
  job: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) await job(next++);
    }),
  );
}
