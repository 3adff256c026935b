import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession, okResult } from '../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../test/catalogue-fixtures';
import { insertMembership } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { upsertProducts } from '../../platform/catalogue/catalogue-store';
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

  it("logs a member's own slot grid, and not the one every member who holds nothing is sent", async () => {
    await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
    const ann = await memberWithSession(t, { email: 'log.ann@example.com' });
    const bob = await memberWithSession(t, { email: 'log.bob@example.com' });
    const own = await insertMembership(t.app.db, {
      userId: ann.user.id,
      registeredAt: new Date('2025-01-01'),
      passesPerYear: 2,
    });
    const grid = { code: 'NQY-LNG-1', date: '2026-01-20' };
    okResult(
      await t.call(
        calls.startPreBooking,
        { ...grid, time: '12:00', flightNumber: 'BA1234', guests: [], dpid: own.dpid },
        ann.headers,
      ),
    );
    const lines = await logged(false, async (app) => {
      for (const headers of [ann.headers, bob.headers, bob.headers])
        await app.inject({
          method: 'POST',
          url: `/client-api${calls.availableTimes.path}`,
          headers,
          payload: grid,
        });
    });
    expect(lines.map((l) => [l.req?.url, l.res?.statusCode])).toEqual([
      [`/client-api${calls.availableTimes.path}`, 200],
    ]);
  });
});
