import { performance } from 'node:perf_hooks';
import { calls, type BookingOrderState, type Hold } from '@portal/contract';
import { startSandbox } from '@portal/psp-sandbox';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { orders } from '../../apps/api/src/db/schema';
import { seed } from '../../apps/api/src/db/seed/index';
import { upsertProducts } from '../../apps/api/src/platform/catalogue/catalogue-store';
import { createSession } from '../../apps/api/src/platform/sessions';
import { NQY_PRODUCTS } from '../../apps/api/test/catalogue-fixtures';
import type { Measure } from '../budgets';
import { buildBenchApp, inWorkers, memberPost } from '../support/bench-app';
import { saveBenchCard } from '../support/cards';
import { insertBenchMember } from '../support/members';
import { postgres } from './checkout';
import { oversoldIn, visitDate } from './lounge-booking';

export const LANE_BOOKERS = 200;
const AT_ONCE = 40;
const LANE = 'NQY-FT-1';
const CAPACITY = 10;
/** Two passengers a booking, 8 one-hour windows of 10 places: 40 bookings fit, the rest refused. */
const PASSENGERS = 2;
const WINDOWS = ['06:00', '07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00'];
const VISIT_DAYS_AHEAD = 5;

/**
 * 200 members book a fast-track lane at once (40 in flight), each for two passengers in one of
 * 8 windows of 10 places, paying by card through the checkout engine and the provider's
 * stand-in: confirm-passenger-details (the hold) then v2a/prepare-order. On PostgreSQL with a
 * pool, as the server runs. Bookings per second, places oversold, and orders charged twice.
 */
export async function benchFastTrackBooking(): Promise<Measure[]> {
  const pg = await postgres();
  const psp = await startSandbox({ port: 0, host: '127.0.0.1', apiKey: 'bench-key' });
  const database = await openDatabase({ kind: 'pg', url: pg.url, poolSize: 20 });
  try {
    await database.migrate();
    await seed(database.db, { demo: false });
    await upsertProducts(
      database.db,
      NQY_PRODUCTS.map((p) => (p.id === LANE ? { ...p, capacityPerSlot: CAPACITY } : p)),
      'import',
    );
    const app = await buildBenchApp(database, psp.url);
    try {
      const now = new Date();
      const bookers: { userId: string; email: string; cardId: string; bearer: string }[] = [];
      for (let i = 0; i < LANE_BOOKERS; i++) {
        const { user } = await insertBenchMember(database, 'Traveller', i, now);
        const cardId = await saveBenchCard(app, database, user.id, i, 'Traveller');
        bookers.push({
          userId: user.id,
          email: user.email,
          cardId,
          bearer: await createSession(database.db, user.id, now),
        });
      }
      const date = visitDate(now, VISIT_DAYS_AHEAD);
      const post = memberPost(app);

      let booked = 0;
      let refused = 0;
      const started = performance.now();
      await inWorkers(AT_ONCE, bookers.length, async (i) => {
        const b = bookers[i]!;
        const held = await post<Hold>(
          calls.fastTrackConfirmPassengers.path,
          {
            code: LANE,
            date,
            time: WINDOWS[i % WINDOWS.length],
            flightNumber: 'BA1234',
            passengers: [{ name: `Bench Traveller${i}` }, { name: 'Bench Companion' }].slice(
              0,
              PASSENGERS,
            ),
            contact: {
              firstName: 'Bench',
              lastName: `Traveller${i}`,
              email: b.email,
              mobileNoPrefix: '44',
              mobileNo: '7400123456',
            },
          },
          b.bearer,
        );
        if (held.state !== '1') {
          if (held.errorCode !== '50004') throw new Error(`the hold failed: ${held.errorCode}`);
          refused += 1;
          return;
        }
        const paid = await post<BookingOrderState>(
          calls.fastTrackPrepareOrder.path,
          {
            holdId: held.result.holdId,
            cardId: b.cardId,
            idempotencyKey: `bench-fast-track-${String(i).padStart(6, '0')}`,
          },
          b.bearer,
        );
        if (paid.state !== '1' || paid.result.outcome !== 'fulfilled')
          throw new Error(`prepare-order failed: ${JSON.stringify(paid).slice(0, 200)}`);
        booked += 1;
      });
      const seconds = (performance.now() - started) / 1000;

      const placed = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          inArray(
            orders.userId,
            bookers.map((b) => b.userId),
          ),
        );
      const payments = psp.app.sandbox.store.snapshot().payments;
      const doubleCharges = placed.reduce(
        (n, o) => n + Math.max(0, payments.filter((p) => p.orderId === o.id).length - 1),
        0,
      );
      const places = WINDOWS.length * CAPACITY;
      return [
        {
          name: 'fast-track booking: card-paid bookings per second, PostgreSQL',
          value: booked / seconds,
          unit: 'req/s',
          note: `${booked} booked (${PASSENGERS} passengers each), ${refused} turned away (${places} places) in ${seconds.toFixed(1)} s`,
        },
        {
          name: 'fast-track booking: places oversold',
          value: await oversoldIn(database),
          unit: 'count',
        },
        {
          name: 'fast-track booking: double charges',
          value: doubleCharges,
          unit: 'count',
          note: `${placed.length} orders, ${payments.length} payments at the provider`,
        },
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
