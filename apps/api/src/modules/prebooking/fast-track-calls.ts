import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { bookingWindow, localDateAt } from '../../platform/slots';
import { answerBody, registerCall } from '../../plugins/calls';
import type { BookingDraft } from '../../db/schema';
import { memberOrAuthFailure } from '../../members/member-row';
import { laneView, productToBook, shownWindowOf, type BookableProduct } from './bookable-product';
import {
  contactOf,
  holdDraft,
  liveHold,
  memberContact,
  quotedPrice,
  reviewBase,
} from './hold-calls';
import { lanePassengers } from './lane-rules';
import { checkRules, mustFind, otherOpen, sendGrid, slotAt, unavailable } from './slot-calls';

/**
 * A lane that sells: active, a fast-track product, its sales not paused by an operator (a paused
 * lane honours what was sold and answers 'Lane not available' to new bookings).
 */
async function sellingLane(
  app: FastifyInstance,
  code: string,
  kept = false,
): Promise<BookableProduct> {
  const lane = await mustFind(app, code, 'fast-track', kept);
  if (lane.product.salesPaused) throw new CallError('laneNotAvailable');
  return lane;
}

/**
 * Fast track (spec §7 Fast track): the lane and its rules, its time windows with places left, a
 * window checked, the other windows of the day; the passengers (the airport's child rule and age
 * bands, the lane's cap) and the hold of their places, and its price. The slot inventory, the
 * booking window, the booking limit and the holds are the lounges'.
 */
export function registerFastTrackCalls(app: FastifyInstance): void {
  const windowAt = (lane: BookableProduct) => bookingWindow(app.clock.now(), lane.airport.timeZone);

  registerCall(app, calls.fastTrackBookingDetails, async ({ payload }) => {
    const lane = await sellingLane(app, payload.code, true);
    const now = app.clock.now();
    const date = payload.date ?? localDateAt(now, lane.airport.timeZone);
    return laneView(lane, date, shownWindowOf(lane, now));
  });

  const availableTimes = answerBody(calls.fastTrackAvailableTimes);
  registerCall(
    app,
    calls.fastTrackAvailableTimes,
    async (context) => {
      const lane = await sellingLane(app, context.payload.code, true);
      return sendGrid(app, context, lane, (date, slots, window) =>
        availableTimes({ lane: laneView(lane, date, window), date, slots }),
      );
    },
    // Members holding nothing there that day share an answer: the fast path sends it again.
    { fastRead: true },
  );

  registerCall(app, calls.fastTrackCheckAvailability, async ({ payload, member }) => {
    const lane = await sellingLane(app, payload.code, true);
    const { date, time, places } = payload;
    const window = windowAt(lane);
    const slot = await checkRules(app, lane, member.userId, date, time, window);
    const grid = await app.bookables.grid(lane, date, places, member.userId);
    const found = grid.find((s) => s.startsAt === slot.startsAt.toISOString());
    if (found?.state !== 'open') throw unavailable(lane);
    return found;
  });

  registerCall(app, calls.fastTrackCardholderDetails, async ({ payload, member }) => {
    if (payload.holdId) {
      const hold = await liveHold(app.db, member.userId, payload.holdId, app.clock.now());
      return contactOf(hold.draft);
    }
    return contactOf({ contact: memberContact(await memberOrAuthFailure(app.db, member.userId)) });
  });

  registerCall(app, calls.fastTrackConfirmPassengers, async ({ payload, member }) => {
    const { userId } = member;
    const lane = await sellingLane(app, payload.code);
    const slot = await checkRules(app, lane, userId, payload.date, payload.time, windowAt(lane));
    const taken = lanePassengers(payload.passengers, {
      childRule: lane.airport.fastTrackChildRule,
      ageBandsAsked: lane.airport.fastTrackAgeBands,
      maxPassengers: 1 + lane.maxGuests,
    });
    if ('refused' in taken) {
      if (taken.refused === 'too-many') throw new CallError('tooManyPassengers');
      throw new CallError('invalidRequest', {
        fields: taken.at.map((i) => ({ path: `passengers.${i}.ageBand`, message: 'required' })),
      });
    }
    const { contact } = payload;
    const draft: BookingDraft = {
      date: payload.date,
      time: payload.time,
      flightNumber: payload.flightNumber,
      leadName: payload.passengers[0]!.name,
      guests: taken.companions,
      infants: taken.freeChildren.length,
      freeChildren: taken.freeChildren,
      ageBands: taken.bands,
      // Fast track is paid per person; memberships with fast-track passes are not built yet.
      dpid: null,
      passesOnly: false,
      contact: {
        firstName: contact.firstName,
        lastName: contact.lastName,
        email: contact.email,
        mobilePrefix: contact.mobileNoPrefix,
        mobileNumber: contact.mobileNo,
        confirmed: true,
      },
    };
    return holdDraft(app, userId, lane, slot, draft, payload.replaceHoldId);
  });

  registerCall(app, calls.fastTrackOrderPrice, async ({ payload, member }) => {
    const now = app.clock.now();
    const hold = await liveHold(app.db, member.userId, payload.holdId, now);
    const lane = await productToBook(app.db, hold.productId, 'fast-track', app.env);
    if (!lane) throw new CallError('notFound');
    return quotedPrice(app.db, member.userId, lane, hold, now);
  });

  registerCall(app, calls.fastTrackReviewDetails, async ({ payload, member }) => {
    const hold = await liveHold(app.db, member.userId, payload.holdId, app.clock.now());
    const lane = await productToBook(app.db, hold.productId, 'fast-track', app.env);
    if (!lane) throw new CallError('notFound');
    const { draft } = hold;
    const lead = draft.leadName ?? `${draft.contact.firstName} ${draft.contact.lastName}`;
    const names = [lead, ...draft.guests, ...(draft.freeChildren ?? [])];
    return {
      ...(await reviewBase(app, member.userId, hold, lane)),
      lane: laneView(lane, draft.date, shownWindowOf(lane, app.clock.now())),
      passengers: names.map((name, i) => ({
        name,
        ageBand: draft.ageBands?.[i] ?? null,
        free: i > draft.guests.length,
      })),
    };
  });

  registerCall(app, calls.fastTrackOtherTimes, async ({ payload }) => {
    const lane = await sellingLane(app, payload.code, true);
    slotAt(lane, payload.date, payload.time);
    const grid = await app.bookables.grid(lane, payload.date, payload.places);
    return { slots: otherOpen(grid, payload.time) };
  });
}
