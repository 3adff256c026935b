import type { Slot } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { catalogueVersions, PRODUCTS } from '../../platform/catalogue/catalogue-store';
import { encodeAnswer, type EncodedAnswer, type SharedAnswer } from '../../platform/encoded-answer';
import { readCache } from '../../platform/read-cache';
import { bookingWindow, inventoryVersions, type BookingWindow } from '../../platform/slots';
import {
  dayPlaces,
  productToBook,
  shownWindowOf,
  slotGrid,
  slotTimesOf,
  type BookableKind,
  type BookableProduct,
  type DayPlaces,
} from './bookable-product';

declare module 'fastify' {
  interface FastifyInstance {
    /** The booking pages' reads: products and their days' places, kept for a moment. */
    bookables: BookableReads;
  }
}

/**
 * How long another process's catalogue change may go unseen here (this process's own are seen
 * at once): a lane paused, a lounge withdrawn (the product lists keep a minute).
 */
export const BOOKABLE_KEPT_MS = 5000;
/**
 * How long another process's booking may go unseen in this process's slot grids (its own are
 * seen at once). Only what a grid shows: the hold itself is decided by the database.
 */
export const DAY_PLACES_KEPT_MS = 2000;

export interface BookableReads {
  /** An active product of the kind by code, or undefined (any other, or one withdrawn). */
  find(code: string, kind: BookableKind): Promise<BookableProduct | undefined>;
  /**
   * The product's slot grid on a date for `places`, in the booking window of now; with the
   * member asking, the places they hold count as free to them.
   */
  grid(bookable: BookableProduct, date: string, places: number, userId?: string): Promise<Slot[]>;
  /**
   * A slot grid call's answer as sent: `body` makes it (serialised) from the member's grid on the
   * date for `places`, the window shown now (shownWindowOf) and the Booking ID of the member's own
   * booking there that day, if any. Members who hold no place and have no booking there that day
   * all have the same answer (`shared`): for a date inside the window, it is made,
   * serialised and compressed once per product and day places read (`find`, `grid`), places and
   * window minute, as fresh as those reads are; `shared` says, for the fast path, while it stands
   * and for whom.
   */
  answer(
    bookable: BookableProduct,
    date: string,
    places: number,
    userId: string,
    body: (slots: Slot[], window: BookingWindow, ownBookingId: string | undefined) => string,
  ): Promise<{ answer: EncodedAnswer; shared: SharedAnswer | undefined }>;
}

/** Products × dates × places asked lately; the oldest dropped past this. */
export const GRID_ANSWERS_KEPT = 2000;

/** A closed day's places: none to read. */
const NO_PLACES: DayPlaces = { rows: [], heldBy: new Map(), bookedBy: new Map() };

/** A kept answer, with the reads it was made from: it stands while they are the current ones. */
interface GridAnswer {
  bookable: BookableProduct;
  day: DayPlaces;
  date: string;
  /** The window it shows (its `windowKey`). */
  window: string;
  answer: EncodedAnswer;
  /** While it is the answer a call would send now, and to whom (fast-reads.ts). */
  shared: SharedAnswer;
}

/** Whether the member's grid of the day is their own: they hold places or have a booking there. */
const ownDay = (day: DayPlaces, userId: string) =>
  day.heldBy.has(userId) || day.bookedBy.has(userId);

/** What a grid answer shows of the window: it is made again when this changes (each minute). */
const windowKey = ({ earliest, firstDate, lastDate }: BookingWindow) =>
  `${earliest.getTime()}|${firstDate}|${lastDate}`;

/*
 * The hot reads of pre-booking (issue 23: 200 members at a slot grid at once) answered from
 * read-cache.ts: what they show may be a moment old, what they decide is not (the hold is one
 * conditional update).
 */
export function bookableReads(app: FastifyInstance): BookableReads {
  const products = readCache<BookableProduct | undefined>(BOOKABLE_KEPT_MS, catalogueVersions);
  const days = readCache<DayPlaces>(DAY_PLACES_KEPT_MS, inventoryVersions);
  const answers = new Map<string, GridAnswer>();
  /** The key each product read was kept under (`find`): its answers stand while it is kept. */
  const foundAs = new WeakMap<BookableProduct, string>();
  const dayKey = (bookable: BookableProduct, date: string) => `${bookable.product.id}|${date}`;
  /** The day's places as kept; a day the product is closed (or a date that is none) reads none. */
  const placesOn = (bookable: BookableProduct, date: string, closed: boolean) => {
    const { id } = bookable.product;
    return closed
      ? NO_PLACES
      : days.get(dayKey(bookable, date), id, () => dayPlaces(app.db, id, date));
  };
  /**
   * A kept answer's standing for the fast path: while the reads it was made from are still the
   * ones `find` and `answer` would take (each as fresh as its cache keeps it), in the same window
   * minute, and it is still the answer kept for its key; shared with every member except those
   * who hold places or have a booking there that day (`answer` makes theirs apart).
   */
  const standing = (key: string, made: Omit<GridAnswer, 'shared'>): SharedAnswer => {
    const { bookable, day } = made;
    const found = foundAs.get(bookable);
    return {
      current: () =>
        found !== undefined &&
        answers.get(key)?.answer === made.answer &&
        products.kept(found, PRODUCTS) === bookable &&
        days.kept(dayKey(bookable, made.date), bookable.product.id) === day &&
        windowKey(shownWindowOf(bookable, app.clock.now())) === made.window,
      sharedWith: (userId) => !ownDay(day, userId),
    };
  };
  return {
    find: (code, kind) => {
      const key = `${kind}|${code}`;
      return products.get(key, PRODUCTS, async () => {
        const bookable = await productToBook(app.db, code, kind, app.env);
        if (bookable) foundAs.set(bookable, key);
        return bookable;
      });
    },
    async grid(bookable, date, places, userId) {
      const times = slotTimesOf(bookable, date);
      if (times.length === 0) return [];
      const day = await placesOn(bookable, date, false);
      const window = bookingWindow(app.clock.now(), bookable.airport.timeZone);
      return slotGrid(bookable, date, times, day, places, window, userId);
    },
    async answer(bookable, date, places, userId, body) {
      const times = slotTimesOf(bookable, date);
      const day = await placesOn(bookable, date, times.length === 0);
      const window = shownWindowOf(bookable, app.clock.now());
      const make = () =>
        encodeAnswer(
          body(
            slotGrid(bookable, date, times, day, places, window, userId),
            window,
            day.bookedBy.get(userId),
          ),
          'often',
        );
      // A member holding places there sees them as free to them, one booked there is told so: an
      // answer of their own. A date outside the window (or a closed day, or no date at all) shows
      // nothing to book: not kept.
      const inWindow = date >= window.firstDate && date <= window.lastDate && times.length > 0;
      if (ownDay(day, userId) || !inWindow) return { answer: make(), shared: undefined };
      const key = `${bookable.kind}|${bookable.product.id}|${date}|${places}`;
      const shows = windowKey(window);
      const kept = answers.get(key);
      if (kept?.bookable === bookable && kept.day === day && kept.window === shows)
        return { answer: kept.answer, shared: kept.shared };
      const made = { bookable, day, date, window: shows, answer: make() };
      const shared = standing(key, made);
      answers.delete(key);
      if (answers.size >= GRID_ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
      answers.set(key, { ...made, shared });
      return { answer: made.answer, shared };
    },
  };
}
