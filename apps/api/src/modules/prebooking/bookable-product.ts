import type {
  BookableLane,
  BookableLounge,
  BookablePlace,
  Slot,
  WeeklyHours,
} from '@portal/contract';
import { WEEKDAYS } from '@portal/contract';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Env } from '../../config/env';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  airports,
  bookings,
  products,
  productSlots,
  slotHolds,
  type FastTrackChildRule,
} from '../../db/schema';
import {
  plainDate,
  shownWindow,
  slotsOfDay,
  type BookingWindow,
  type SlotRow,
  type SlotTime,
} from '../../platform/slots';
import { hoursText } from '../products/index';
import { slotState } from './lounge-rules';

type ProductRow = typeof products.$inferSelect;

/** What can be pre-booked: lounges, and fast-track lanes. */
export type BookableKind = 'lounge' | 'fast-track';

/** A lounge or fast-track lane that can be pre-booked, with what booking it needs. */
export interface BookableProduct {
  kind: BookableKind;
  product: ProductRow;
  airport: {
    iataCode: string;
    name: string;
    timeZone: string;
    fastTrackChildRule: FastTrackChildRule;
    fastTrackAgeBands: boolean;
  };
  slotMinutes: number;
  capacity: number;
  /** People one booking may bring besides the member (lounge guests, lane companions). */
  maxGuests: number;
}

type Limits = Pick<
  Env,
  | 'SLOT_MINUTES'
  | 'SLOT_CAPACITY'
  | 'LOUNGE_GUEST_CAP'
  | 'FAST_TRACK_WINDOW_MINUTES'
  | 'FAST_TRACK_PASSENGER_CAP'
>;

/** What a bookable product reads of its airport. */
export const BOOKABLE_AIRPORT_COLUMNS = {
  iataCode: airports.iataCode,
  name: airports.name,
  timeZone: airports.timeZone,
  fastTrackChildRule: airports.fastTrackChildRule,
  fastTrackAgeBands: airports.fastTrackAgeBands,
};

const selectProducts = (tx: Tx) =>
  tx
    .select({ product: products, airport: BOOKABLE_AIRPORT_COLUMNS })
    .from(products)
    .innerJoin(airports, eq(airports.iataCode, products.airportCode));

/** The columns of a product a hold is decided by: its slots, places, guests, price, selling. */
export const DECIDING_COLUMNS = {
  kind: products.kind,
  active: products.active,
  weeklyHours: products.weeklyHours,
  slotMinutes: products.slotMinutes,
  capacityPerSlot: products.capacityPerSlot,
  maxGuests: products.maxGuests,
  priceAmount: products.priceAmount,
  priceCurrency: products.priceCurrency,
  salesPaused: products.salesPaused,
};

const DECIDING_FIELDS = Object.keys(DECIDING_COLUMNS) as (keyof typeof DECIDING_COLUMNS)[];

type DecidingRow = {
  product: Pick<ProductRow, keyof typeof DECIDING_COLUMNS>;
  airport: Pick<BookableProduct['airport'], 'timeZone'>;
};

/**
 * What a hold is decided by of a product, as one string: a product kept a moment ago
 * (bookables.find) decides as its row would while the two keys are equal.
 */
export const decidingKey = ({ product, airport }: DecidingRow): string =>
  JSON.stringify([...DECIDING_FIELDS.map((field) => product[field]), airport.timeZone]);

/** The catalogue row's slot length, capacity and cap, or the portal's defaults for its kind. */
export const toBook = (
  kind: BookableKind,
  row: Pick<BookableProduct, 'product' | 'airport'>,
  env: Limits,
): BookableProduct => ({
  kind,
  ...row,
  slotMinutes:
    row.product.slotMinutes ??
    (kind === 'lounge' ? env.SLOT_MINUTES : env.FAST_TRACK_WINDOW_MINUTES),
  capacity: row.product.capacityPerSlot ?? env.SLOT_CAPACITY,
  maxGuests:
    row.product.maxGuests ??
    (kind === 'lounge' ? env.LOUNGE_GUEST_CAP : env.FAST_TRACK_PASSENGER_CAP - 1),
});

/** An active product of the kind by its code, or undefined (any other, or one withdrawn). */
export async function productToBook(
  tx: Tx,
  code: string,
  kind: BookableKind,
  env: Limits,
): Promise<BookableProduct | undefined> {
  const [row] = await activeProduct(tx).execute({ code, kind });
  return row && toBook(kind, row, env);
}

/** The statement of productToBook: read on every pre-book and payment (prepared.ts). */
const activeProduct = prepared('active_product', (tx, name) =>
  selectProducts(tx)
    .where(
      and(
        eq(products.id, sql.placeholder('code')),
        eq(products.kind, sql.placeholder('kind')),
        eq(products.active, true),
      ),
    )
    .prepare(name),
);

/** An active lounge by its code, or undefined (any other product, or one withdrawn). */
export const loungeToBook = (tx: Tx, code: string, env: Limits) =>
  productToBook(tx, code, 'lounge', env);

/** The other active products of its kind at the same airport. */
export async function otherProductsAt(
  tx: Tx,
  bookable: BookableProduct,
  env: Limits,
): Promise<BookableProduct[]> {
  const rows = await selectProducts(tx).where(
    and(
      eq(products.airportCode, bookable.product.airportCode),
      eq(products.kind, bookable.kind),
      eq(products.active, true),
      ne(products.id, bookable.product.id),
    ),
  );
  return rows.map((row) => toBook(bookable.kind, row, env));
}

function hoursOn(hours: WeeklyHours, date: string): string {
  const day = plainDate(date);
  const periods = day ? hours[WEEKDAYS[day.dayOfWeek - 1]!] : [];
  return periods.length === 0 ? 'Closed' : hoursText(periods);
}

/** The booking window a booking page shows of a product at `now` (slot-times.ts). */
export const shownWindowOf = (bookable: BookableProduct, now: Date): BookingWindow =>
  shownWindow(now, bookable.airport.timeZone);

/**
 * What a booking page shows of any bookable product on a date, and its `window` (shownWindowOf):
 * made from nothing else, so a slot grid answer made with it can be kept (bookable-reads.ts).
 */
function placeView(bookable: BookableProduct, date: string, window: BookingWindow): BookablePlace {
  const { product, airport } = bookable;
  return {
    code: product.id,
    name: product.name,
    airportCode: airport.iataCode,
    airportName: airport.name,
    terminal: product.terminal,
    side: product.side,
    timeZone: airport.timeZone,
    hours: hoursOn(product.weeklyHours, date),
    slotMinutes: bookable.slotMinutes,
    window: {
      firstDate: window.firstDate,
      lastDate: window.lastDate,
      earliest: window.earliest.toISOString(),
    },
  };
}

/** The catalogue price of a product: a lounge's guest price, a lane's price per person. */
export const priceOf = ({ product }: BookableProduct) =>
  product.priceAmount !== null && product.priceCurrency !== null
    ? { amount: product.priceAmount, currency: product.priceCurrency }
    : null;

/** What the booking page shows of a lounge on a date, and its window (shownWindowOf). */
export function bookableView(
  lounge: BookableProduct,
  date: string,
  window: BookingWindow,
): BookableLounge {
  return {
    ...placeView(lounge, date, window),
    conditions: lounge.product.conditions ?? null,
    guestPrice: priceOf(lounge),
    maxGuests: lounge.maxGuests,
  };
}

/** What the fast-track pages show of a lane on a date: its airport's passenger rules too. */
export function laneView(lane: BookableProduct, date: string, window: BookingWindow): BookableLane {
  return {
    ...placeView(lane, date, window),
    lane: lane.product.lane,
    pricePerPerson: priceOf(lane),
    maxPassengers: 1 + lane.maxGuests,
    childRule: lane.airport.fastTrackChildRule,
    ageBands: lane.airport.fastTrackAgeBands,
  };
}

/** Days of slot times worked out (zone arithmetic is the grid's main cost), newest kept. */
const slotTimesCache = new Map<string, SlotTime[]>();
const SLOT_TIMES_CACHED = 2000;
/** Each product row's hours as text, for the keys above (made once per row read). */
const hoursKeys = new WeakMap<WeeklyHours, string>();
const hoursKeyOf = (hours: WeeklyHours): string => {
  let key = hoursKeys.get(hours);
  if (key === undefined) hoursKeys.set(hours, (key = JSON.stringify(hours)));
  return key;
};

/** The slot times of a lounge on a local date (its hours cut into its slot length). */
export function slotTimesOf(lounge: BookableProduct, date: string): SlotTime[] {
  const { weeklyHours } = lounge.product;
  const { timeZone } = lounge.airport;
  // Keyed by everything they are made from: a catalogue change of hours or slots is a new key.
  const key = `${timeZone}|${date}|${lounge.slotMinutes}|${hoursKeyOf(weeklyHours)}`;
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

/** A product's places on a day: the rows of its slots, and the places each member holds. */
export interface DayPlaces {
  rows: SlotRow[];
  /** Places held now (not yet booked or given back), by member, then by slot id. */
  heldBy: Map<string, Map<string, number>>;
  /** The Booking ID of each member's live booking of the product that day (one at most). */
  bookedBy: Map<string, string>;
}

/** A slot's live bookings: member -> Booking ID. */
type SlotBookings = Record<string, string>;

/**
 * What a product's slot grid is made from on a date, in one statement (one snapshot: a hold
 * committed meanwhile is in both its slot's count and the member's held places, or in neither;
 * a confirmed one is its booking): each slot row with the live holds on it, summed by member,
 * and the members booked in it with their Booking IDs.
 */
export async function dayPlaces(tx: Tx, productId: string, date: string): Promise<DayPlaces> {
  const members = sql<SlotBookings>`jsonb_object_agg(${bookings.userId}, ${bookings.reference})`;
  const booked = tx
    .select({ slotId: bookings.slotId, members: members.as('members') })
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        eq(bookings.visitDate, date),
        ne(bookings.status, 'cancelled'),
        isNotNull(bookings.userId),
      ),
    )
    .groupBy(bookings.slotId)
    .as('booked');
  const found = await tx
    .select({
      slot: productSlots,
      userId: slotHolds.userId,
      held: sql<number>`coalesce(sum(${slotHolds.places}), 0)`.mapWith(Number),
      booked: booked.members,
    })
    .from(productSlots)
    .leftJoin(slotHolds, and(eq(slotHolds.slotId, productSlots.id), isNull(slotHolds.releasedAt)))
    .leftJoin(booked, eq(booked.slotId, productSlots.id))
    .where(and(eq(productSlots.productId, productId), eq(productSlots.localDate, date)))
    .groupBy(productSlots.id, slotHolds.userId, booked.members);
  const rows = new Map<string, SlotRow>();
  const heldBy = new Map<string, Map<string, number>>();
  const bookedBy = new Map<string, string>();
  for (const { slot, userId, held, booked: inSlot } of found) {
    rows.set(slot.id, slot);
    for (const [member, bookingId] of Object.entries(inSlot ?? {})) bookedBy.set(member, bookingId);
    // No hold (the left join's null), or an erased member's.
    if (userId === null) continue;
    const own = heldBy.get(userId) ?? new Map<string, number>();
    own.set(slot.id, held);
    heldBy.set(userId, own);
  }
  return { rows: [...rows.values()], heldBy, bookedBy };
}

/**
 * The slot grid of a lounge on a date: every slot of `times` (its `slotTimesOf` that date) with
 * its places left and state. `userId`, the member asking: places they hold themselves count as
 * free to them (choosing again).
 */
export function slotGrid(
  lounge: BookableProduct,
  date: string,
  times: SlotTime[],
  day: DayPlaces,
  places: number,
  window: BookingWindow,
  userId?: string,
): Slot[] {
  const own = (userId && day.heldBy.get(userId)) || undefined;
  const byStart = new Map(day.rows.map((row) => [row.startsAt.getTime(), row]));
  return times.map((slot) => {
    const row = byStart.get(slot.startsAt.getTime());
    const count = row
      ? { capacity: row.capacity, taken: row.taken - (own?.get(row.id) ?? 0) }
      : { capacity: lounge.capacity, taken: 0 };
    return slotState(slot, date, count, places, window);
  });
}
