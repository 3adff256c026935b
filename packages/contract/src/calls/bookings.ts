/** The member's bookings and usage history (the account area's Bookings pages). */
import { z } from 'zod';
import { defineCall } from '../define';
import { pagedSchema, pageFields } from '../schemas/paging';
import { moneySchema, productKindSchema } from '../schemas/products';

/** The three tabs of the bookings page. */
export const BOOKING_TABS = ['booked', 'past', 'cancelled'] as const;
export const bookingTabSchema = z.enum(BOOKING_TABS);
export type BookingTab = z.infer<typeof bookingTabSchema>;

export const bookingKindSchema = z.enum(['lounge', 'fast-track']);
export type BookingKind = z.infer<typeof bookingKindSchema>;

/** A Booking ID as members see and quote it. */
export const bookingIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,20}$/);

export const bookingSchema = z.object({
  bookingId: z.string(),
  kind: bookingKindSchema,
  /** The tab it belongs in now. */
  tab: bookingTabSchema,
  productId: z.string(),
  productName: z.string(),
  airportCode: z.string(),
  airportName: z.string(),
  terminal: z.string(),
  /** The visit in the airport's own time: "2026-12-01" and "14:30". */
  visitDate: z.string(),
  visitTime: z.string(),
  timeZone: z.string(),
  passengers: z.number().int().nonnegative(),
  passengerNames: z.array(z.string()),
  /** e.g. "Visa •••• 4242"; null when passes covered it all. */
  paymentCard: z.string().nullable(),
  contactNumber: z.string().nullable(),
  email: z.string().nullable(),
  flightNumber: z.string(),
  paid: moneySchema,
  passesUsed: z.number().int().nonnegative(),
  bookedAt: z.string(),
  cancelledAt: z.string().nullable(),
  refund: z.object({
    state: z.enum(['none', 'pending', 'refunded']),
    amount: moneySchema,
    /** When the card refund should arrive (ISO date), about 5 working days after cancelling. */
    dueBy: z.string().nullable(),
    passesReturned: z.number().int().nonnegative(),
  }),
  /** What cancelling now would do: allowed for future bookings; refunded when far enough ahead. */
  cancellation: z.object({
    allowed: z.boolean(),
    refundable: z.boolean(),
    /** The notice the refund rule needs, in hours (48 by default). */
    noticeHours: z.number().int().nonnegative(),
  }),
});
export type Booking = z.infer<typeof bookingSchema>;

/** One booking as its detail page shows it: the booking and the code to show at the desk. */
export const bookingDetailSchema = bookingSchema.extend({
  /**
   * The signed Booking ID the lounge desk or Fast Track lane scans (the text of the QR code);
   * null once the booking is past or cancelled.
   */
  qr: z.string().nullable(),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const bookingList = defineCall({
  path: '/account/bookings/list/v3',
  auth: 'member',
  summary:
    "The member's bookings in one tab: booked (visit ahead), soonest visit first; past or " +
    'cancelled, newest visit first; paged, with the count of each tab.',
  payload: z
    .object({ tab: bookingTabSchema.default('booked'), ...pageFields })
    .strict()
    .optional()
    .default({ tab: 'booked', page: 1, pageSize: 20 }),
  result: pagedSchema(bookingSchema).extend({
    tab: bookingTabSchema,
    counts: z.object({
      booked: z.number().int().nonnegative(),
      past: z.number().int().nonnegative(),
      cancelled: z.number().int().nonnegative(),
    }),
  }),
  errors: [],
});

const bookingRef = z.object({ bookingId: bookingIdSchema }).strict();

export const bookingDetail = defineCall({
  path: '/account/bookings/detail',
  auth: 'member',
  summary: "One of the member's lounge bookings by Booking ID (anyone else's: not found).",
  payload: bookingRef,
  result: bookingDetailSchema,
  errors: ['notFound'],
});

export const fastTrackBookingDetail = defineCall({
  path: '/account/bookings/detail/fast-track',
  auth: 'member',
  summary: "One of the member's fast-track bookings by Booking ID (anyone else's: not found).",
  payload: bookingRef,
  result: bookingDetailSchema,
  errors: ['notFound'],
});

export const cancelBooking = defineCall({
  path: '/account/bookings/cancel',
  auth: 'member',
  summary:
    'Cancels a future booking. Paid bookings cancelled at least REFUND_NOTICE_HOURS (48) ahead ' +
    'are refunded to the card in about 5 working days, and passes return at once; later, ' +
    'nothing is returned. Answers the cancelled booking.',
  payload: bookingRef,
  result: bookingSchema,
  errors: ['notFound', 'bookingAlreadyCancelled', 'bookingNotCancellable'],
});

/** Answers application/pdf bytes, or the failure envelope (JSON). */
export const bookingPdf = defineCall({
  path: '/account/bookings/pdf-stream',
  auth: 'member',
  summary: "The booking confirmation as a PDF (application/pdf) for one of the member's bookings.",
  payload: bookingRef,
  result: z.never(),
  file: 'application/pdf',
  errors: ['notFound'],
});

/** Answers text/calendar (an .ics file), or the failure envelope (JSON). */
export const bookingCalendarFile = defineCall({
  path: '/account/bookings/calendar',
  auth: 'member',
  summary:
    "One of the member's bookings as an iCalendar event (text/calendar): the visit in UTC, the " +
    "airport's local time, the address and the Booking ID in its text.",
  payload: bookingRef,
  result: z.never(),
  file: 'text/calendar',
  errors: ['notFound'],
});

export const usageEntrySchema = z.object({
  id: z.string(),
  /** In the airport's own time: "2026-10-03" and "08:15". */
  date: z.string(),
  time: z.string(),
  /** What was used: a lounge visit, or a dining or spa voucher confirmed by the outlet. */
  kind: productKindSchema,
  /** The lounge's or the outlet's name. */
  loungeName: z.string(),
  airportCode: z.string(),
  airportName: z.string(),
  guests: z.number().int().nonnegative(),
  passesUsed: z.number().int().nonnegative(),
  /** The membership number, all but the last 4 digits hidden. */
  membershipNumber: z.string().nullable(),
  /** Dining and spa: what the offer took off the bill, as the outlet confirmed it. */
  amount: moneySchema.nullable(),
});
export type UsageEntry = z.infer<typeof usageEntrySchema>;

export const usageHistory = defineCall({
  path: '/account/usage-history',
  auth: 'member',
  summary: "The member's lounge visits and the offers outlets confirmed, newest first, paged.",
  payload: z.object(pageFields).strict().optional().default({ page: 1, pageSize: 20 }),
  result: pagedSchema(usageEntrySchema),
  errors: [],
});

/** A waiting-list entry of the member's, still live: waiting, or its freed places held. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  code: z.string(),
  loungeName: z.string(),
  airportName: z.string(),
  /** Local date and time of the slot at the airport. */
  date: z.string(),
  time: z.string(),
  places: z.number().int().positive(),
  /** The place in the queue; null once places are held for the member. */
  position: z.number().int().positive().nullable(),
  /** The places held for the member (the email's link books them), and until when (ISO). */
  holdId: z.string().nullable(),
  heldUntil: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const listWaitlist = defineCall({
  path: '/lounge/waitlist/list',
  auth: 'member',
  summary:
    "The member's live waiting-list entries, soonest visit first: the lounge, date, time and " +
    'places, the place in the queue, or the places held for them and until when.',
  payload: z.object({}).strict().optional().default({}),
  result: z.object({ entries: z.array(waitlistEntrySchema) }),
  errors: [],
});

export const leaveWaitlist = defineCall({
  path: '/lounge/waitlist/leave',
  auth: 'member',
  summary:
    "Leaves one of the member's waiting-list entries; places already held for them from it are " +
    "released for others. notFound for anyone else's entry.",
  payload: z.object({ id: z.string().trim().min(1).max(64) }).strict(),
  result: z.object({ left: z.literal(true) }),
  errors: ['notFound'],
});
