import { performance } from 'node:perf_hooks';
import { calls, type OrderState } from '@portal/contract';
import { startSandbox } from '@portal/psp-sandbox';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { memberships, orders } from '../../apps/api/src/db/schema';
import { seed } from '../../apps/api/src/db/seed/index';
import { createSession } from '../../apps/api/src/platform/sessions';
import { startEmbeddedPostgres } from '../../apps/api/test/embedded-postgres';
import { adminQuery, withDatabaseName } from '../../apps/api/test/test-database';
import type { Measure } from '../budgets';
import { buildBenchApp, memberPost } from '../support/bench-app';
import { saveBenchCard } from '../support/cards';
import { insertBenchMember } from '../support/members';
import { percentile } from '../support/percentile';

export const BUYERS = 200;
/** Members of the untimed warm-up rounds, as many as the pool's connections. */
const WARMERS = 20;
/**
 * The warm-up's rounds: each warmer buys a pass pack in each (a double click, then the status),
 * so that each statement of a purchase runs more than five times on each of the pool's
 * connections and has its plan settled (lounge-booking.ts: WARM_DAYS).
 */
const WARM_ROUNDS = 6;

/** A PostgreSQL to bench on: a fresh database on the one named, else one started from npm's binaries. */
export async function postgres(): Promise<{ url: string; done(): Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `portal_bench_${process.pid}`;
    await adminQuery(server, `DROP DATABASE IF EXISTS ${name}`);
    await adminQuery(server, `CREATE DATABASE ${name}`);
    return {
      url: withDatabaseName(server, name),
      done: () => adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const embedded = await startEmbeddedPostgres();
  return { url: embedded.url, done: () => embedded.stop() };
}

/**
 * 200 members buy a pass pack at once, each double-clicking (two prepare-order calls with one
 * idempotency key), then ask the payment status: the latency of each call under that load, and
 * the charges the provider took per order (must be 1) and the passes added (must be 5 each).
 * On PostgreSQL with a pool, as the server runs, after a warm-up round of other members; the
 * provider's stand-in in this process.
 */
export async function benchCheckout(): Promise<Measure[]> {
  const pg = await postgres();
  const psp = await startSandbox({ port: 0, host: '127.0.0.1', apiKey: 'bench-key' });
  const database = await openDatabase({ kind: 'pg', url: pg.url, poolSize: 20 });
  try {
    await database.migrate();
    await seed(database.db, { demo: false });
    const app = await buildBenchApp(database, psp.url);
    try {
      const now = new Date();
      const buyers = [];
      for (let i = 0; i < BUYERS + WARMERS; i++) {
        const { user, membership } = await insertBenchMember(database, 'Buyer', i, now);
        const cardId = await saveBenchCard(app, database, user.id, i, 'Buyer');
        const bearer = await createSession(database.db, user.id, now);
        buyers.push({ userId: user.id, dpid: membership.dpid, cardId, bearer });
      }
      const warmers = buyers.splice(BUYERS);

      const post = memberPost(app);
      const call = async (path: string, payload: object, bearer: string, times: number[]) => {
        const start = performance.now();
        const body = await post<OrderState>(path, payload, bearer);
        times.push(performance.now() - start);
        if (body.state !== '1')
          throw new Error(`${path} failed: ${JSON.stringify(body).slice(0, 200)}`);
        return body.result;
      };
      /** Each member buys a pass pack (a double click), then asks its status. */
      const buyAll = (
        members: { cardId: string; bearer: string }[],
        key: string,
        prepareTimes: number[],
        statusTimes: number[],
      ) =>
        Promise.all(
          members.map(async (b, i) => {
            const payload = {
              item: 'pass-pack:5',
              cardId: b.cardId,
              idempotencyKey: `${key}-${i}`,
            };
            const path = calls.prepareMembershipOrder.path;
            // A double click: the same checkout sent twice at once.
            const [first] = await Promise.all([
              call(path, payload, b.bearer, prepareTimes),
              call(path, payload, b.bearer, prepareTimes),
            ]);
            await call(
              calls.checkMembershipPayment.path,
              { orderId: first.orderId },
              b.bearer,
              statusTimes,
            );
          }),
        );
      // Untimed, other members' purchases first: a portal taking orders has its pool's
      // connections open, their server processes with the tables' catalogue read and the
      // statements' plans settled, and its own code compiled (lounge-booking.ts: WARM_DAYS).
      for (let round = 0; round < WARM_ROUNDS; round++)
        await buyAll(warmers, `bench-checkout-warm-${round}`, [], []);
      const prepareTimes: number[] = [];
      const statusTimes: number[] = [];
      const started = performance.now();
      await buyAll(buyers, 'bench-checkout', prepareTimes, statusTimes);
      const seconds = (performance.now() - started) / 1000;

      const placed = await database.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.userId,
            buyers.map((b) => b.userId),
          ),
        );
      // The buyers' payments (the warm-up's are the provider's too).
      const placedIds = new Set(placed.map((o) => o.id));
      const payments = psp.app.sandbox.store
        .snapshot()
        .payments.filter((p) => placedIds.has(p.orderId));
      const doubleCharges =
        placed.length -
        BUYERS +
        placed.reduce(
          (n, o) => n + Math.max(0, payments.filter((p) => p.orderId === o.id).length - 1),
          0,
        );
      let wrongPasses = 0;
      for (const b of buyers) {
        const [row] = await database.db
          .select({ bought: memberships.passesBought })
          .from(memberships)
          .where(eq(memberships.dpid, b.dpid));
        if (row?.bought !== 5) wrongPasses += 1;
      }
      prepareTimes.sort((a, b) => a - b);
      statusTimes.sort((a, b) => a - b);
      const note = `${BUYERS} buyers at once, each prepare-order twice (one key), then the status`;
      return [
        {
          name: 'checkout: prepare-order p99, 200 concurrent buyers',
          value: percentile(prepareTimes, 0.99),
          note: `p50 ${percentile(prepareTimes, 0.5).toFixed(0)} ms; ${note}`,
        },
        {
          name: 'checkout: check-payment-status p99, 200 concurrent buyers',
          value: percentile(statusTimes, 0.99),
          note: `p50 ${percentile(statusTimes, 0.5).toFixed(0)} ms`,
        },
        {
          name: 'checkout: purchases per second',
          value: BUYERS / seconds,
          unit: 'req/s',
          note: `${BUYERS} in ${seconds.toFixed(1)} s`,
        },
        {
          name: 'checkout: double charges',
          value: doubleCharges,
          note: `${placed.length} orders, ${payments.length} payments at the provider`,
        },
        { name: 'checkout: memberships without exactly their 5 passes', value: wrongPasses },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await psp.close();
    await pg.done();
  }
}
