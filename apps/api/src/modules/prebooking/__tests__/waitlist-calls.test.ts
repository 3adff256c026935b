import { calls, type Hold, type WaitlistEntry } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  memberWithMembership,
  messagesTo,
  okResult as ok,
} from '../../../../test/call-helpers';
import { every, NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { productSlots, slotHolds } from '../../../db/schema';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { WAITLIST_HOLD_MINUTES } from '../waitlist';

const START = '2026-11-25T10:00:00Z';
const SMALL = 'NQY-LNG-7'; // 2 places a slot, 1 guest at most
const DATE = '2026-12-29';
const small: CatalogueProduct = {
  ...NQY_PRODUCTS[0]!,
  id: SMALL,
  name: 'Snug Lounge',
  capacityPerSlot: 2,
  maxGuests: 1,
  weeklyHours: every([{ open: '08:00', close: '12:00' }]),
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: START });
  await upsertProducts(t.app.db, [...NQY_PRODUCTS, small], 'import');
});
afterAll(() => t.close());

let serial = 0;
type Member = Awaited<ReturnType<typeof member>>;
function member() {
  serial += 1;
  return memberWithMembership(t, 'Waiter', serial, { passesPerYear: 4 });
}

/** Holds both places of a slot for `m` (the slot is then full for everyone else). */
const fill = async (m: Member, time: string) =>
  ok<Hold>(
    await t.call(
      calls.startPreBooking,
      {
        code: SMALL,
        date: DATE,
        time,
        flightNumber: 'BA1234',
        guests: ['Bo Lee'],
        dpid: m.own.dpid,
      },
      m.headers,
    ),
  );
const join = (m: Member, time: string, places: number) =>
  t.call(calls.joinWaitlist, { code: SMALL, date: DATE, time, places }, m.headers);
const list = async (m: Member) =>
  ok<{ entries: WaitlistEntry[] }>(await t.call(calls.listWaitlist, {}, m.headers)).entries;
const takenAt = async (time: string) => {
  const [row] = await t.app.db
    .select({ taken: productSlots.taken })
    .from(productSlots)
    .where(
      and(
        eq(productSlots.productId, SMALL),
        eq(productSlots.startsAt, new Date(`${DATE}T${time}:00Z`)),
      ),
    );
  return row?.taken ?? 0;
};

describe('lounge/waitlist: the places asked, and the member’s entries', () => {
  it('answers the places asked; asking again with more guests changes them, keeping the place', async () => {
    const a = await member();
    const b = await member();
    await fill(a, '08:00');
    expect(ok(await join(b, '08:00', 1))).toEqual({ position: 1, places: 1 });
    expect(ok(await join(b, '08:00', 2))).toEqual({ position: 1, places: 2 });
    expect((await list(b)).map((e) => e.places)).toEqual([2]);
  });

  it("lists the member's own live entries only, with the lounge, the slot, the places and the position", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await fill(a, '09:00');
    ok(await join(b, '09:00', 2));
    t.clock.advance(1000);
    ok(await join(c, '09:00', 1));
    const entries = await list(c);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({
      id: entries[0]!.id,
      code: SMALL,
      loungeName: 'Snug Lounge',
      airportName: entries[0]!.airportName,
      date: DATE,
      time: '09:00',
      places: 1,
      position: 2,
      holdId: null,
      heldUntil: null,
    });
    expect(entries[0]!.airportName).not.toBe('');
    expect((await list(b)).map((e) => [e.time, e.position])).toEqual([['09:00', 1]]);
    expect(await list(a)).toEqual([]);
  });

  it("leaves an entry; someone else's id answers notFound", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await fill(a, '10:00');
    ok(await join(b, '10:00', 1));
    const [entry] = await list(b);
    expectFailure(await t.call(calls.leaveWaitlist, { id: entry!.id }, c.headers), 'notFound');
    expectFailure(await t.call(calls.leaveWaitlist, { id: 'not-an-id' }, b.headers), 'notFound');
    expect(await list(b)).toHaveLength(1);
    expect(ok(await t.call(calls.leaveWaitlist, { id: entry!.id }, b.headers))).toEqual({
      left: true,
    });
    expect(await list(b)).toEqual([]);
    expectFailure(await t.call(calls.leaveWaitlist, { id: entry!.id }, b.headers), 'notFound');
  });

  it('shows places held for the member and until when; leaving releases them', async () => {
    const a = await member();
    const b = await member();
    const first = await fill(a, '11:00');
    ok(await join(b, '11:00', 2));
    // a lets the places go (another time instead): the round holds them for b.
    ok(
      await t.call(
        calls.startPreBooking,
        {
          code: SMALL,
          date: DATE,
          time: '11:30',
          flightNumber: 'BA1234',
          guests: ['Bo Lee'],
          dpid: a.own.dpid,
          replaceHoldId: first.holdId,
        },
        a.headers,
      ),
    );
    expect(await t.app.notifyWaitlist()).toBe(1);
    expect(await takenAt('11:00')).toBe(2);
    const [email] = (await messagesTo(t, b.user.email, 'email')).filter((e) =>
      e.subject?.startsWith('A place is free'),
    );
    const holdId = new URL(email!.link!).searchParams.get('hold');
    const until = new Date(t.clock.now().getTime() + WAITLIST_HOLD_MINUTES * 60_000);
    const [held] = await list(b);
    expect(held).toMatchObject({
      time: '11:00',
      places: 2,
      position: null,
      holdId,
      heldUntil: until.toISOString(),
    });

    ok(await t.call(calls.leaveWaitlist, { id: held!.id }, b.headers));
    expect(await list(b)).toEqual([]);
    expect(await takenAt('11:00')).toBe(0);
    const [hold] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, holdId!));
    expect(hold).toMatchObject({ releaseReason: 'left' });
    expect(hold?.releasedAt).not.toBeNull();
  });
});
