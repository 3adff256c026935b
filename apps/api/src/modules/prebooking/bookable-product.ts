import type { BookableLounge, Slot, WeeklyHours } from '@portal/contract';
import { WEEKDAYS } from '@portal/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Env } from '../../config/env';
import type { Tx } from '../../db/client';
import { airports, products, slotHolds } from '../../db/schema';
import {
  bookingWindow,
  plainDate,
  slotRowsOfDay,
  slotsOfDay,
  type BookingWindow,
  type SlotTime,
} from '../../platform/slots';
import { hoursText } from '../products/index';
import { slotState } from './lounge-rules';

type ProductRow = typeof products.$inferSelect;

/** A lounge that can be pre-booked, with what booking it needs. */
export interface LoungeToBook {
  product: ProductRow;
  airport: { iataCode: string; name: string; timeZone: string };
  slotMinutes: number;
  capacity: number;
  maxGuests: number;
}

type Limits = Pick<Env, 'SLOT_MINUTES' | 'SLOT_CAPACITY' | 'LOUNGE_GUEST_CAP'>;

const selectLounges = (tx: Tx) =>
  tx
    .select({
      product: products,
      airport: { iataCode: airports.iataCode, name: airports.name, timeZone: airports.timeZone },
    })
    .from(products)
    .innerJoin(airports, eq(airports.iataCode, products.airportCode));

const toBook = (row: Pick<LoungeToBook, 'product' | 'airport'>, env: Limits): LoungeToBook => ({
  ...row,
  slotMinutes: row.product.slotMinutes ?? env.SLOT_MINUTES,
  capacity: row.product.capacityPerSlot ?? env.SLOT_CAPACITY,
  maxGuests: row.product.maxGuests ?? env.LOUNGE_GUEST_CAP,
});

/** An active lounge by its code, or undefined (any other product, or one withdrawn). */
export async function loungeToBook(
  tx: Tx,
  code: string,
  env: Limits,
): Promise<LoungeToBook | undefined> {
  const [row] = await selectLounges(tx).where(
    and(eq(products.id, code), eq(products.kind, 'lounge'), eq(products.active, true)),
  );
  return row && toBook(row, env);
}

/** The other active lounges at the same airport. */
export async function otherLoungesAt(
  tx: Tx,
  lounge: LoungeToBook,
  env: Limits,
): Promise<LoungeToBook[]> {
  const rows = await selectLounges(tx).where(
    and(
      eq(products.airportCode, lounge.product.airportCode),
      eq(products.kind, 'lounge'),
      eq(products.active, true),
      ne(products.id, lounge.product.id),
    ),
  );
  return rows.map((row) => toBook(row, env));
}

function hoursOn(hours: WeeklyHours, date: string): string {
  const day = plainDate(date);
  const periods = day ? hours[WEEKDAYS[day.dayOfWeek - 1]!] : [];
  return periods.length === 0 ? 'Closed' : hoursText(periods);
}

/** What the booking page shows of a lounge on a date, and the window at `now`. */
export function bookableView(lounge: LoungeToBook, date: string, now: Date): BookableLounge {
  const { product, airport } = lounge;
  const window = bookingWindow(now, airport.timeZone);
  return {
    code: product.id,
    name: product.name,
    airportCode: airport.iataCode,
    airportName: airport.name,
    terminal: product.terminal,
    side: product.side,
    timeZone: airport.timeZone,
    hours: hoursOn(product.weeklyHours, date),
    conditions: product.conditions ?? null,
    guestPrice:
      product.priceAmount !== null && product.priceCurrency !== null
        ? { amount: product.priceAmount, currency: product.priceCurrency }
        : null,
    maxGuests: lounge.maxGuests,
    slotMinutes: lounge.slotMinutes,
    window: {
      firstDate: window.firstDate,
      lastDate: window.lastDate,
      earliest: window.earliest.toISOString(),
    },
  };
}

/** Days of slot times worked out (zone arithmetic is the grid's main cost), newest kept. */
const slotTimesCache = new Map<string, SlotTime[]>();
const SLOT_TIMES_CACHED = 2000;

/** The slot times of a lounge on a local date (its hours cut into its slot length). */
export function slotTimesOf(lounge: LoungeToBook, date: string): SlotTime[] {
  const { weeklyHours } = lounge.product;
  const { timeZone } = lounge.airport;
  // Keyed by everything they are made from: a catalogue change of hours or slots is a new key.
  const key = `${timeZone}|${date}|${lounge.slotMinutes}|${JSON.stringify(weeklyHours)}`;
  const cached = slotTimesCache.get(key);
  if (cached) return cached;
  const times = slotsOfDay(date, weeklyHours, lounge.slotMinutes, timeZone);
  if (slotTimesCache.size >= SLOT_TIMES_CACHED) {
    const oldest = slotTimesCache.keys().next().value;
    if (oldest !== undefined) slotTimesCache.delete(oldest);
  }
  slotTimesCache.set(key, times);
  return times;
}

/** The slot grid of a lounge on a date: every slot with its places left and state. */
export async function slotGrid(
  tx: Tx,
  lounge: LoungeToBook,
  date: string,
  places: number,
  window: BookingWindow,
  /** The member asking: places they hold themselves count as free to them (choosing again). */
  userId?: string,
): Promise<Slot[]> {
  const times = slotTimesOf(lounge, date);
  if (times.length === 0) return [];
  const rows = await slotRowsOfDay(tx, lounge.product.id, date);
  const own = userId
    ? await heldBy(
        tx,
        userId,
        rows.map((r) => r.id),
      )
    : new Map<string, number>();
  const byStart = new Map(rows.map((row) => [row.startsAt.getTime(), row]));
  return times.map((slot) => {
    const row = byStart.get(slot.startsAt.getTime());
    const count = row
      ? { capacity: row.capacity, taken: row.taken - (own.get(row.id) ?? 0) }
      : { capacity: lounge.capacity, taken: 0 };
    return slotState(slot, date, count, places, window);
  });
}

/** Places a member holds now in each of the slots. */
async function heldBy(tx: Tx, userId: string, slotIds: string[]): Promise<Map<string, number>> {
  if (slotIds.length === 0) return new Map();
  const held = await tx
    .select({
      slotId: slotHolds.slotId,
      places: sql<number>`sum(${slotHolds.places})`.mapWith(Number),
    })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.userId, userId),
        inArray(slotHolds.slotId, slotIds),
        isNull(slotHolds.releasedAt),
      ),
    )
    .groupBy(slotHolds.slotId);
  return new Map(held.map((h) => [h.slotId, h.places]));
}
