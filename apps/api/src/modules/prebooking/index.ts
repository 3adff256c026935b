import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepHolds } from '../../platform/slots';
import { registerAmend } from './amend';
import { bookableReads } from './bookable-reads';
import { registerBookingMemberships } from './booking-memberships';
import { registerBookingPdf } from './booking-pdf-call';
import { closeOrdersOfSwept } from './ended-holds';
import { registerFastTrackCalls } from './fast-track-calls';
import { registerHoldCalls } from './hold-calls';
import { registerPayCalls } from './pay-calls';
import { registerSlotCalls } from './slot-calls';
import { notifyWaitlist, registerWaitlist } from './waitlist';

export interface PrebookingOptions {
  /** The hold sweeper's interval; 0 (tests) runs no timer (tests call `app.sweepHolds`). */
  sweepIntervalMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One sweeper round: lapsed holds and holds of failed payments give their places back. */
    sweepHolds(): Promise<number>;
    /** One waiting-list round: freed places held for the first waiting members, who are told. */
    notifyWaitlist(): Promise<number>;
  }
}

/**
 * Pre-booking (spec §2 /prebooking and /cipprebooking, §7 Lounge pre-book and Fast track):
 * lounges' slots and fast-track lanes' time windows in one slot inventory, their rules, holds
 * while the member reviews and pays, payment through the checkout engine, the confirmation.
 */
export const prebookingModule = fp(
  (app: FastifyInstance, options: PrebookingOptions) => {
    app.decorate('bookables', bookableReads(app));
    registerSlotCalls(app);
    registerBookingMemberships(app);
    registerHoldCalls(app);
    registerPayCalls(app);
    registerBookingPdf(app);
    registerAmend(app);
    registerWaitlist(app);
    registerFastTrackCalls(app);

    app.decorate('sweepHolds', async () => {
      const now = app.clock.now();
      const released = await sweepHolds(app.db, now);
      await closeOrdersOfSwept(app.db, released, now);
      return released.length;
    });
    app.decorate('notifyWaitlist', () => notifyWaitlist(app));
    if (options.sweepIntervalMs > 0) {
      const timer = setInterval(() => {
        app
          .sweepHolds()
          // Places the sweep gave back (and cancellations since) go to the waiting list.
          .then(() => app.notifyWaitlist())
          .catch((err: unknown) => app.log.error({ err }, 'hold sweep failed'));
      }, options.sweepIntervalMs);
      timer.unref();
      app.addHook('onClose', () => clearInterval(timer));
    }
  },
  {
    name: 'prebooking',
    dependencies: ['platform', 'auth', 'payment-provider', 'checkout', 'bookings', 'payment'],
  },
);

export { checkInBooking, type CheckIn } from './check-in';
export { endLaneHolds } from './ended-holds';
