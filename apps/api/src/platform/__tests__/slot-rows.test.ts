import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NQY_PRODUCTS } from '../../../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { productSlots } from '../../db/schema';
import { upsertProducts } from '../catalogue/catalogue-store';
import { madeSlotRow, slotRow, takePlaces, type SlotKey } from '../slots';

/*
 * A slot's row is made the first time a booking asks for it. The bookers that find it missing
 * at once each get it from one upsert (madeSlotRow); that no slot is oversold while they do is
 * the race suite's (slots.race.test.ts: 500 members at once on a slot nobody asked for before).
 */

const LOUNGE = NQY_PRODUCTS[0]!.id;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());

let hour = 8;
/** A slot of the lounge nobody has asked for yet. */
const freshKey = (capacity: number): SlotKey => {
  hour += 1;
  const time = `${String(hour).padStart(2, '0')}:00`;
  return {
    productId: LOUNGE,
    startsAt: new Date(`2026-12-02T${time}:00Z`),
    localDate: '2026-12-02',
    localTime: time,
    capacity,
  };
};

const rowsAt = async (key: SlotKey) => {
  const [found] = await t.app.db
    .select({ n: count() })
    .from(productSlots)
    .where(eq(productSlots.startsAt, key.startsAt));
  return found?.n;
};

describe('madeSlotRow', () => {
  it('makes a missing slot with the capacity asked, nothing taken', async () => {
    const key = freshKey(12);
    const made = await madeSlotRow(t.app.db, key);
    expect(made).toMatchObject({
      productId: LOUNGE,
      capacity: 12,
      taken: 0,
      localTime: key.localTime,
    });
    expect(await rowsAt(key)).toBe(1);
  });

  it('answers a slot made meanwhile as it is: its places taken and its capacity kept', async () => {
    const key = freshKey(10);
    const first = await madeSlotRow(t.app.db, key);
    expect(await takePlaces(t.app.db, first.id, 3)).toBeTruthy();
    // Asked again with another capacity (the product changed since): the row is not touched.
    const again = await madeSlotRow(t.app.db, { ...key, capacity: 40 });
    expect(again).toMatchObject({ id: first.id, capacity: 10, taken: 3 });
    expect(await rowsAt(key)).toBe(1);
  });
});

describe('slotRow', () => {
  it('reads an existing slot, and makes a missing one', async () => {
    const key = freshKey(10);
    const made = await slotRow(t.app.db, key);
    expect(made).toMatchObject({ capacity: 10, taken: 0 });
    expect(await takePlaces(t.app.db, made.id, 2)).toBeTruthy();
    expect(await slotRow(t.app.db, { ...key, capacity: 40 })).toMatchObject({
      id: made.id,
      capacity: 10,
      taken: 2,
    });
    expect(await rowsAt(key)).toBe(1);
  });
});
