import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFivePasses, FIVE_PASSES } from '../../../test/checkout-fixtures';
import { insertMembership, insertUser } from '../../../test/fixtures';
import { raceAtLock } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { memberships, orders } from '../../db/schema';
import { fulfilOrder, moveOrder, openOrder, type OrderRequest } from '../checkout';

const NOW = new Date('2026-11-25T10:00:00Z');
const RACERS = 8;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString(), poolSize: RACERS + 2 });
});
afterAll(() => t.close());

let serial = 0;
async function passesRequest(): Promise<OrderRequest> {
  serial += 1;
  const user = await insertUser(t.app.db, { email: `race.buyer.${serial}@example.com` });
  const membership = await insertMembership(t.app.db, { userId: user.id, passesPerYear: 6 });
  return {
    userId: user.id,
    idempotencyKey: `race-key-${serial}`,
    purpose: 'passes',
    subject: membership.dpid,
    lines: FIVE_PASSES,
    currency: 'GBP',
  };
}

const addPasses = addFivePasses;

describe('guard: an order moves once (`status = <from>` in checkout/order-states.ts)', () => {
  it(`${RACERS} fulfilments of one paid order held at the move: the passes are added once`, async () => {
    const request = await passesRequest();
    const { order } = await openOrder(t.app.db, request, NOW);
    await moveOrder(t.app.db, order.id, 'created', 'paid', NOW);

    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from orders where id = ${order.id} for update`,
      calls: Array.from(
        { length: RACERS },
        () => () => fulfilOrder(t.app.db, order.id, NOW, addPasses),
      ),
    });
    expect(waited).toBe(RACERS);
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    const [membership] = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.dpid, request.subject ?? ''));
    expect(membership?.passesPerYear).toBe(11);
  });
});

describe('guard: one order per idempotency key (the unique key of orders)', () => {
  it(`${RACERS} requests with one key while the first is being written: all answer its order`, async () => {
    const request = await passesRequest();
    let first: string | undefined;
    const { results, waited } = await raceAtLock(t, {
      // The first request, its order written but not yet committed: the others queue on its key.
      lock: async (tx) => {
        first = (await openOrder(tx, request, NOW)).order.id;
      },
      calls: Array.from({ length: RACERS }, () => () => openOrder(t.app.db, request, NOW)),
    });
    expect(waited).toBe(RACERS);
    expect(results.map((r) => r.outcome)).toEqual(Array(RACERS).fill('existing'));
    expect(new Set(results.map((r) => r.order.id))).toEqual(new Set([first]));
    expect(
      await t.app.db.select().from(orders).where(eq(orders.userId, request.userId)),
    ).toHaveLength(1);
  });
});
