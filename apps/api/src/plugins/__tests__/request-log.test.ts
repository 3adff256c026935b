import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';

/*
 * Issue 23: the logger off the hot path. One line per answer, and none for a cached public read
 * that succeeded (the airport and product lists) unless LOG_CACHED_READS=1.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Line {
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

async function logged(
  logCachedReads: boolean,
  run: (app: FastifyInstance) => Promise<unknown>,
): Promise<Line[]> {
  const lines: Line[] = [];
  const app = await buildApp({
    env: { ...t.app.env, LOG_CACHED_READS: logCachedReads },
    database: t.database,
    clock: t.clock,
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    },
  });
  try {
    await app.ready();
    await run(app);
  } finally {
    await app.close();
  }
  return lines.filter((line) => line.req);
}

const post = (app: FastifyInstance, path: string, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/client-api${path}`,
    headers: { channel: 'ASE' },
    payload,
  });

describe('the request log', () => {
  it('writes one line per answer, with its status and time, and none for a cached read', async () => {
    const lines = await logged(false, async (app) => {
      await post(app, calls.airportListV2.path);
      await post(app, calls.loungeList.path, { airportCode: 'LHR' });
      await post(app, calls.tcList.path);
      await post(app, '/no/such/call');
    });
    expect(lines.map((l) => [l.msg, l.req?.url, l.res?.statusCode])).toEqual([
      ['request completed', `/client-api${calls.tcList.path}`, 200],
      ['request completed', '/client-api/no/such/call', 404],
    ]);
    expect(lines.every((l) => typeof l.responseTime === 'number')).toBe(true);
  });

  it('logs a cached read that failed, and every cached read with LOG_CACHED_READS=1', async () => {
    const failed = await logged(false, (app) =>
      post(app, calls.loungeList.path, { airportCode: 'not an airport' }),
    );
    // A bad payload never reaches the cache: the call's failure is logged.
    expect(failed.map((l) => l.req?.url)).toEqual([`/client-api${calls.loungeList.path}`]);

    const all = await logged(true, async (app) => {
      await post(app, calls.airportListV2.path);
      await post(app, calls.loungeList.path, { airportCode: 'LHR' });
    });
    expect(all.map((l) => l.req?.url)).toEqual([
      `/client-api${calls.airportListV2.path}`,
      `/client-api${calls.loungeList.path}`,
    ]);
  });
});
