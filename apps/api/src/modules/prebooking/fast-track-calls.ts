import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { bookingWindow, localDateAt } from '../../platform/slots';
import { registerCall } from '../../plugins/calls';
import { laneView, slotGrid, type BookableProduct } from './bookable-product';
import { checkRules, mustFind, otherOpen, slotAt, unavailable } from './slot-calls';

/**
 * A lane that sells: active, a fast-track product, its sales not paused by an operator (a paused
 * lane honours what was sold and answers 'Lane not available' to new bookings).
 */
async function sellingLane(app: FastifyInstance, code: string): Promise<BookableProduct> {
  const lane = await mustFind(app, code, 'fast-track');
  if (lane.product.salesPaused) throw new CallError('laneNotAvailable');
  return lane;
}

/**
 * Fast-track step 1 (spec §7 Fast track): the lane and its rules, its time windows with places
 * left, a window checked, and the other windows of the day. The slot inventory, the booking
 * window and the booking limit are the lounges'.
 */
export function registerFastTrackCalls(app: FastifyInstance): void {
  const windowAt = (lane: BookableProduct) => bookingWindow(app.clock.now(), lane.airport.timeZone);

  registerCall(app, calls.fastTrackBookingDetails, async ({ payload }) => {
    const lane = await sellingLane(app, payload.code);
    const now = app.clock.now();
    const date = payload.date ?? localDateAt(now, lane.airport.timeZone);
    return laneView(lane, date, now);
  });

  registerCall(app, calls.fastTrackAvailableTimes, async ({ payload, member }) => {
    const lane = await sellingLane(app, payload.code);
    const { date, places } = payload;
    const slots = await slotGrid(app.db, lane, date, places, windowAt(lane), member.userId);
    return { lane: laneView(lane, date, app.clock.now()), date, slots };
  });

  registerCall(app, calls.fastTrackCheckAvailability, async ({ payload, member }) => {
    const lane = await sellingLane(app, payload.code);
    const { date, time, places } = payload;
    const window = windowAt(lane);
    const slot = await checkRules(app, lane, member.userId, date, time, window);
    const grid = await slotGrid(app.db, lane, date, places, window, member.userId);
    const found = grid.find((s) => s.startsAt === slot.startsAt.toISOString());
    if (found?.state !== 'open') throw unavailable(lane);
    return found;
  });

  registerCall(app, calls.fastTrackOtherTimes, async ({ payload }) => {
    const lane = await sellingLane(app, payload.code);
    slotAt(lane, payload.date, payload.time);
    const grid = await slotGrid(app.db, lane, payload.date, payload.places, windowAt(lane));
    return { slots: otherOpen(grid, payload.time) };
  });
}
