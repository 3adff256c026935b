import type { Slot } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { catalogueVersions, PRODUCTS } from '../../platform/catalogue/catalogue-store';
import { readCache } from '../../platform/read-cache';
import { bookingWindow, inventoryVersions } from '../../platform/slots';
import {
  dayPlaces,
  productToBook,
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
}

/*
 * The hot reads of pre-booking (issue 23: 200 members at a slot grid at once) answered from
 * read-cache.ts: what they show may be a moment old, what they decide is not (the hold is one
 * conditional update).
 */
export function bookableReads(app: FastifyInstance): BookableReads {
  const products = readCache<BookableProduct | undefined>(BOOKABLE_KEPT_MS, catalogueVersions);
  const days = readCache<DayPlaces>(DAY_PLACES_KEPT_MS, inventoryVersions);
  return {
    find: (code, kind) =>
      products.get(`${kind}|${code}`, PRODUCTS, () => productToBook(app.db, code, kind, app.env)),
    async grid(bookable, date, places, userId) {
      // A day the product is closed (or a date that is none) has no slots: nothing to read.
      if (slotTimesOf(bookable, date).length === 0) return [];
      const { id } = bookable.product;
      const day = await days.get(`${id}|${date}`, id, () => dayPlaces(app.db, id, date));
      const window = bookingWindow(app.clock.now(), bookable.airport.timeZone);
      return slotGrid(bookable, date, day, places, window, userId);
    },
  };
}
