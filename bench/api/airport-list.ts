import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/api/src/app';
import { loadEnv } from '../../apps/api/src/config/env';
import { openDatabase } from '../../apps/api/src/db/client';
import { seed } from '../../apps/api/src/db/seed/index';
import type { Measure } from '../budgets';
import { percentile } from '../support/percentile';

/** The airport list the browser searches: time to answer it (compressed) and its size on the wire. */
export async function benchAirportList(): Promise<Measure[]> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seed(database.db, { demo: false });
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
    database,
  });
  try {
    const request = () =>
      app.inject({
        method: 'POST',
        url: '/client-api/airport/list-v2',
        headers: { channel: 'ASE', 'accept-encoding': 'gzip' },
      });
    const first = await request();
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const start = performance.now();
      await request();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return [
      { name: 'airport-list median response (cached)', value: percentile(times, 0.5) },
      { name: 'airport-list p95 response (cached)', value: percentile(times, 0.95) },
      { name: 'airport-list gzip bytes', value: first.rawPayload.length },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
