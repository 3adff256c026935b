/**
 * Why a paid order made (or changed) no booking: the places went, the limit, the lounge
 * withdrawn, the booking changed or cancelled meanwhile. The money goes back. Any other failure
 * is the payment's own: nothing was taken.
 */
const BOOKING_REFUSALS = new Set([
  'places-gone',
  'booking-limit',
  'lounge-closed',
  'passes-gone',
  'member-gone',
  'no-hold',
  'booking-changed',
]);

export const refusedAfterPayment = (failureReason: string | undefined) =>
  BOOKING_REFUSALS.has(failureReason ?? '');
