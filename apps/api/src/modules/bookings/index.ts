import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerBookingCalls } from './booking-calls';
import { registerUsageHistory } from './usage-history';

/** The member's bookings (list, detail, cancel with the refund rule, PDF) and usage history. */
export const bookingsModule = fp(
  (app: FastifyInstance) => {
    registerBookingCalls(app);
    registerUsageHistory(app);
  },
  { name: 'bookings', dependencies: ['platform', 'auth'] },
);

export { cancelUpcomingBookings } from './booking-cancel';
export { bookingConfirmationPdf } from './booking-pdf';
export { findOwnBooking } from './booking-query';
