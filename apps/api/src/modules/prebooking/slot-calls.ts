import { calls, type Slot } from '@portal/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import {
  bookingWindow,
  insideWindow,
  type BookingWindow,
  type SlotTime,
} from '../../platform/slots';
import { sendMemberEncoded } from '../../platform/encoded-answer';
import { answerBody, registerCall, type CallContext } from '../../plugins/calls';
import {
  bookableView,
  otherProductsAt,
  shownWindowOf,
  productToBook,
  type BookableKind,
  slotTimesOf,
  type BookableProduct,
} from './bookable-product';
import { byNearness } from './lounge-rules';

/**
 * An active product of the kind by code, or notFound. What a call decides by (a hold, a place on
 * the waiting list) is read from the database; `kept`, for a call that only shows it, may be the
 * product as this process read it a moment ago (bookable-reads.ts).
 */
export async function mustFind(
  app: FastifyInstance,
  code: string,
  kind: BookableKind,
  kept = false,
): Promise<BookableProduct> {
  const bookable = kept
    ? await app.bookables.find(code, kind)
    : await productToBook(app.db, code, kind, app.env);
  if (!bookable) throw new CallError('notFound');
  return bookable;
}

/** An active lounge by code, or notFound. */
export const mustFindLounge = (app: FastifyInstance, code: string, kept = false) =>
  mustFind(app, code, 'lounge', kept);

/** Why a time cannot be had, as each flow says it: 'Time slot not available', 'Lane not available'. */
export const unavailable = (bookable: BookableProduct) =>
  new CallError(bookable.kind === 'lounge' ? 'slotNotAvailable' : 'laneNotAvailable');

/** The slot a local date and time names: one of the product's slots that day, or refused. */
export function slotAt(bookable: BookableProduct, date: string, time: string): SlotTime {
  const slot = slotTimesOf(bookable, date).find((s) => s.time === time);
  if (!slot) throw unavailable(bookable);
  return slot;
}

/** Whether the member already has a live booking of this product (lounge, lane) that day. */
export async function hasBookingThatDay(
  tx: Tx,
  userId: string,
  productId: string,
  date: string,
): Promise<boolean> {
  const [found] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.productId, productId),
        eq(bookings.visitDate, date),
        ne(bookings.status, 'cancelled'),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The first rules of a time, from the product alone: one of its slots that day, inside the window. */
export function slotInWindow(
  bookable: BookableProduct,
  date: string,
  time: string,
  window: BookingWindow,
): SlotTime {
  const slot = slotAt(bookable, date, time);
  if (!insideWindow(window, date, slot.startsAt)) throw new CallError('bookingOutsideWindow');
  return slot;
}

/**
 * The rules of check-time-rule and pre-book, in the order a member meets them: a slot of the
 * lounge that day, inside the window, no other booking of theirs there that day.
 */
export async function checkRules(
  app: FastifyInstance,
  lounge: BookableProduct,
  userId: string,
  date: string,
  time: string,
  window: BookingWindow,
): Promise<SlotTime> {
  const slot = slotInWindow(lounge, date, time, window);
  if (await hasBookingThatDay(app.db, userId, lounge.product.id, date))
    throw new CallError('bookingLimitReached');
  return slot;
}

/** The slot grid calls' context: a member asking for a product's grid on a date for places. */
type GridCallContext =
  CallContext<typeof calls.availableTimes> | CallContext<typeof calls.fastTrackAvailableTimes>;

/**
 * Answers a slot grid call (its payload's date and places) for the member asking: `body` makes
 * the answer from the grid, the window shown and the member's own booking that day
 * (bookables.answer).
 */
export async function sendGrid(
  app: FastifyInstance,
  { payload, member, request, reply }: GridCallContext,
  bookable: BookableProduct,
  body: (
    date: string,
    slots: Slot[],
    window: BookingWindow,
    ownBookingId: string | undefined,
  ) => string,
): Promise<FastifyReply> {
  const { date, places } = payload;
  const { answer, shared } = await app.bookables.answer(
    bookable,
    date,
    places,
    member.userId,
    (slots, window, ownBookingId) => body(date, slots, window, ownBookingId),
  );
  return sendMemberEncoded(request, reply, answer, shared);
}

/** Other open slots of the day, nearest to `time` first, `time` itself left out. */
export const otherOpen = (grid: readonly Slot[], time: string) =>
  grid.filter((s) => s.state === 'open' && s.time !== time).sort(byNearness(time));

/** The slot grid, its checks, and the other times and lounges offered when a slot is full. */
export function registerSlotCalls(app: FastifyInstance): void {
  const windowAt = (lounge: BookableProduct) =>
    bookingWindow(app.clock.now(), lounge.airport.timeZone);

  const availableTimes = answerBody(calls.availableTimes);
  registerCall(
    app,
    calls.availableTimes,
    async (context) => {
      const lounge = await mustFindLounge(app, context.payload.code, true);
      return sendGrid(app, context, lounge, (date, slots, window, ownBookingId) =>
        availableTimes({
          lounge: bookableView(lounge, date, window),
          date,
          slots,
          ...(ownBookingId && { ownBookingId }),
        }),
      );
    },
    // Members holding nothing and booked nowhere there that day share an answer: the fast path
    // sends it again.
    { fastRead: true },
  );

  registerCall(app, calls.checkTimeAvailable, async ({ payload, member }) => {
    const lounge = await mustFindLounge(app, payload.code, true);
    const slot = slotAt(lounge, payload.date, payload.time);
    const { date, places } = payload;
    const grid = await app.bookables.grid(lounge, date, places, member.userId);
    const found = grid.find((s) => s.startsAt === slot.startsAt.toISOString());
    if (found?.state !== 'open') throw new CallError('slotNotAvailable');
    return found;
  });

  registerCall(app, calls.checkTimeRule, async ({ payload, member }) => {
    const lounge = await mustFindLounge(app, payload.code, true);
    const { date, time } = payload;
    const slot = await checkRules(app, lounge, member.userId, date, time, windowAt(lounge));
    return { date, time, startsAt: slot.startsAt.toISOString() };
  });

  registerCall(app, calls.otherTimes, async ({ payload }) => {
    const lounge = await mustFindLounge(app, payload.code, true);
    const grid = await app.bookables.grid(lounge, payload.date, payload.places);
    return { slots: otherOpen(grid, payload.time) };
  });

  registerCall(app, calls.otherLounges, async ({ payload }) => {
    const lounge = await mustFindLounge(app, payload.code, true);
    const others = await otherProductsAt(app.db, lounge, app.env);
    const found = await Promise.all(
      others.map(async (other) => {
        const grid = await app.bookables.grid(other, payload.date, payload.places);
        const open = grid.filter((s) => s.state === 'open').sort(byNearness(payload.time));
        const slot = open[0];
        if (!slot) return undefined;
        const view = bookableView(other, payload.date, shownWindowOf(other, app.clock.now()));
        return {
          code: view.code,
          name: view.name,
          terminal: view.terminal,
          side: view.side,
          guestPrice: view.guestPrice,
          slot,
        };
      }),
    );
    // The same terminal and side first (no new security check, no walk to another building),
    // then the nearest time; each says its terminal, side and guest price.
    const farness = (other: { terminal: string; side: string }) =>
      (other.terminal === lounge.product.terminal ? 0 : 2) +
      (other.side === lounge.product.side ? 0 : 1);
    return {
      lounges: found
        .filter((l) => l !== undefined)
        .sort((a, b) => farness(a) - farness(b) || byNearness(payload.time)(a.slot, b.slot)),
    };
  });
}
