import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NQY_PRODUCTS } from '../../../test/catalogue-fixtures';
import { raceAtLock } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { productSlots } from '../../db/schema';
import { upsertProducts } from '../catalogue/catalogue-store';
import { slotRow, type SlotKey } from '../slots';

/*
 * slotRow in a transaction of its caller's (amend, waitlist), when another booking makes the
 * slot between its read and its insert: it answers that booking's row without locking it, so
 * the caller's transaction takes its locks in its own order (PostgreSQL: the race needs two
 * connections, and the lock a third to see).
 */

const LOUNGE = NQY_PRODUCTS[0]!.id;
const KEY: SlotKey = {
  productId: LOUNGE,
  startsAt: new Date('2026-12-03T09:00:00Z'),
  localDate: '2026-12-03',
  localTime: '09:00',
  capacity: 10,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z', poolSize: 5 });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());

/** Whether another transaction holds the slot row's lock (a third connection asks, not waiting). */
async function lockedElsewhere(slotId: string): Promise<boolean> {
  try {
    await t.app.db.transaction((probe) =>
      probe.execute(sql`select id from product_slots where id = ${slotId} for update nowait`),
    );
    return false;
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code;
    if (((err as { code?: string }).code ?? code) === '55P03') return true;
    throw err;
  }
}

describe('slotRow: a slot made meanwhile by another booking', () => {
  it("answers that booking's row, as it made it, and holds no lock on it", async () => {
    let madeId: string | undefined;
    const { results, waited } = await raceAtLock(t, {
      // The other booking's insert, not committed yet: slotRow's read finds no row, its insert
      // waits on the key.
      lock: async (tx) => {
        const [made] = await tx
          .insert(productSlots)
          .values({ ...KEY, capacity: 7, taken: 2 })
          .returning({ id: productSlots.id });
        madeId = made?.id;
      },
      calls: [
        () =>
          t.app.db.transaction(async (tx) => {
            const row = await slotRow(tx, KEY);
            // Still inside the caller's transaction: is the row locked by it?
            return { row, locked: await lockedElsewhere(row.id) };
          }),
      ],
    });
    expect(waited).toBe(1);
    const [{ row, locked }] = results as [(typeof results)[number]];
    expect(row).toMatchObject({ id: madeId, capacity: 7, taken: 2 });
    expect(locked).toBe(false);
  });
});
