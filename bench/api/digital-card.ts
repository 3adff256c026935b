import { performance } from 'node:perf_hooks';
import { cardCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app';
import { loadEnv } from '../../apps/api/src/config/env';
import { openDatabase } from '../../apps/api/src/db/client';
import { memberships } from '../../apps/api/src/db/schema';
import { seed } from '../../apps/api/src/db/seed/index';
import {
  cardTotpSecret,
  digitalCardKeysFromEnv,
  issueCardToken,
} from '../../apps/api/src/platform/digital-card';
import type { Measure } from '../budgets';
import { percentile } from '../support/percentile';

export const SCANS = 2000;
export const DESKS = 50;

/**
 * Lounge desks checking scanned digital cards: 2,000 scans of the demo memberships' current
 * codes, 50 at a time (one desk each), through the operator call (signature, expiry, rotating
 * code, then the membership as it is now). Every scan must be accepted.
 */
export async function benchDigitalCard(): Promise<Measure[]> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seed(database.db, { demo: true });
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const keys = digitalCardKeysFromEnv(env);
  if (!keys) throw new Error('no digital card keys in the test environment');
  const app = await buildApp({ env, database });
  try {
    const now = new Date();
    const active = await database.db
      .select()
      .from(memberships)
      .where(eq(memberships.status, 'active'));
    const codes = await Promise.all(
      active.map(async (m) => {
        const token = await issueCardToken(
          keys,
          {
            dpid: m.dpid,
            holderName: m.holderName,
            status: m.status,
            expiresOn: m.expiresOn,
            issuer: m.issuer,
          },
          now,
        );
        return cardCode(token, cardTotpSecret(keys, m.dpid), now);
      }),
    );
    const scan = (code: string) =>
      app.inject({
        method: 'POST',
        url: '/ops-api/digital-card/verify',
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code }),
      });

    const times: number[] = [];
    let refused = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: DESKS }, async () => {
        while (next < SCANS) {
          const code = codes[next % codes.length]!;
          next += 1;
          const t = performance.now();
          const answer = await scan(code);
          times.push(performance.now() - t);
          if (answer.json<{ valid: boolean }>().valid !== true) refused += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return [
      {
        name: 'digital card: desk scans per second, 50 desks at once',
        value: SCANS / seconds,
        unit: 'req/s',
        note: `${SCANS} scans in ${seconds.toFixed(1)} s`,
      },
      {
        name: 'digital card: desk verify p99, 50 desks at once',
        value: percentile(times, 0.99),
        note: `p50 ${percentile(times, 0.5).toFixed(1)} ms`,
      },
      { name: 'digital card: genuine current codes refused', value: refused },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
