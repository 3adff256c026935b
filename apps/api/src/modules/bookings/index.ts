import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerBookingFiles } from './booking-files';
import { registerBookingCalls } from './booking-calls';
import { registerUsageHistory } from './usage-history';
import { registerWaitlistCalls } from './waitlist-calls';

/**
 * The member's bookings (list, detail, cancel with the refund rule, PDF), usage history and
 * waiting lists.
 */
export const bookingsModule = fp(
  (app: FastifyInstance) => {
    registerBookingCalls(app);
    registerBookingFiles(app);
    registerUsageHistory(app);
    registerWaitlistCalls(app);
  },
  { name: 'bookings', dependencies: ['platform', 'auth', 'outbox-worker'] },
);

export { cancelUpcomingBookings } from './booking-cancel';
export { askBookingRefund } from './booking-orders';
export { bookingAttachments } from './booking-files';
export { bookingPdfOf } from './booking-pdf';
export { newBookingReference } from './booking-reference';
export { findOwnBooking } from './booking-query';
export { bookingQr, scannedBooking } from './booking-qr';
