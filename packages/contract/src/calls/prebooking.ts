/**
 * Lounge pre-booking (spec §7 "Lounge pre-book", the 15 calls): slots with places left, the
 * booking rules, a hold on the chosen slot while the member reviews and pays, the price (passes
 * first, then guest fees), payment through the checkout engine, and the confirmation's PDF.
 */
import { z } from 'zod';
import { defineCall } from '../define';
import { emailSchema } from '../rules/email';
import { flightNumberSchema } from '../rules/flight-number';
import { membershipNumberSchema } from '../rules/membership-number';
import { mobileFields, refineMobile } from '../rules/mobile';
import { nameSchema } from '../rules/names';
import {
  loungeConditionsSchema,
  moneySchema,
  productIdSchema,
  sideSchema,
} from '../schemas/products';
import { bookingPriceSchema } from '../schemas/booking-price';
import { membershipStateSchema, orderStateSchema } from './membership';

/** A local date at the airport, "YYYY-MM-DD". */
export const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');
/** A local time at the airport, "HH:MM" (24-hour). */
export const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');

/** Guests one booking may carry at most, whatever a lounge allows (a lounge sets its own cap). */
export const GUESTS_MAX = 20;
export const INFANTS_MAX = 10;

export const holdIdSchema = z.string().trim().min(1).max(64);
/** Places asked for: the member and their guests (infants take none). */
export const placesSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(GUESTS_MAX + 1)
  .default(1);

export const slotQuery = z
  .object({
    code: productIdSchema,
    date: localDateSchema,
    time: localTimeSchema,
    places: placesSchema,
  })
  .strict();

/** One slot of the grid. */
export const slotSchema = z.object({
  /** Local time at the airport, "HH:MM". */
  time: z.string(),
  /** The same moment as an ISO instant (UTC). */
  startsAt: z.string(),
  capacity: z.number().int().nonnegative(),
  placesLeft: z.number().int().nonnegative(),
  /**
   * open: bookable for the places asked; full: not enough places left; too-soon: inside the 48
   * hours; too-late: beyond the 180 days.
   */
  state: z.enum(['open', 'full', 'too-soon', 'too-late']),
});
export type Slot = z.infer<typeof slotSchema>;

/** What the booking page shows of the lounge, and the rules it books by. */
/** What a booking page shows of any bookable product (a lounge, a fast-track lane). */
export const bookablePlaceSchema = z.object({
  code: z.string(),
  name: z.string(),
  airportCode: z.string(),
  airportName: z.string(),
  terminal: z.string(),
  side: sideSchema,
  timeZone: z.string(),
  /** The day's hours in local time, e.g. "05:00–22:00" or "Closed today". */
  hours: z.string(),
  /** The length of its time slots (a lounge's arrival slots, a lane's time windows). */
  slotMinutes: z.number().int().positive(),
  /** The local dates a visit may be booked for (48 hours to 180 days ahead). */
  window: z.object({ firstDate: z.string(), lastDate: z.string(), earliest: z.string() }),
});
export type BookablePlace = z.infer<typeof bookablePlaceSchema>;

export const bookableLoungeSchema = bookablePlaceSchema.extend({
  conditions: loungeConditionsSchema.nullable(),
  /** What each guest a pass does not cover pays; null: guests only on passes. */
  guestPrice: moneySchema.nullable(),
  maxGuests: z.number().int().nonnegative(),
});
export type BookableLounge = z.infer<typeof bookableLoungeSchema>;

export const availableTimes = defineCall({
  path: '/lounge/get-available-time/v2',
  auth: 'member',
  summary:
    "The lounge's slots on a local date with the places left in each, in the airport's time, " +
    'and the rules it books by (window, guest cap, guest price). The page asks again while open.',
  payload: z
    .object({ code: productIdSchema, date: localDateSchema, places: placesSchema })
    .strict(),
  result: z.object({
    lounge: bookableLoungeSchema,
    date: z.string(),
    slots: z.array(slotSchema),
    /**
     * The Booking ID of the member's own live booking at this lounge that day, if any: another
     * one that day would be refused ('Booking Limit Reached').
     */
    ownBookingId: z.string().optional(),
  }),
  errors: ['notFound'],
});

export const checkTimeAvailable = defineCall({
  path: '/lounge/check-time-available',
  auth: 'member',
  summary: 'Whether a slot has the places asked for left now (nothing is held).',
  payload: slotQuery,
  result: slotSchema,
  errors: ['notFound', 'slotNotAvailable'],
});

export const checkTimeRule = defineCall({
  path: '/lounge/check-time-rule/v2',
  auth: 'member',
  summary:
    'The booking rules for a visit: a slot of the lounge that day, 48 hours to 180 days ahead ' +
    "in the airport's zone, and no other booking of the member's at that lounge that day.",
  payload: slotQuery,
  result: z.object({ date: z.string(), time: z.string(), startsAt: z.string() }),
  errors: ['notFound', 'slotNotAvailable', 'bookingOutsideWindow', 'bookingLimitReached'],
});

export const otherTimes = defineCall({
  path: '/lounge/get-other-available-time',
  auth: 'member',
  summary: 'Other slots that day with the places asked for, the nearest to the time asked first.',
  payload: slotQuery,
  result: z.object({ slots: z.array(slotSchema) }),
  errors: ['notFound'],
});

export const otherLounge = z.object({
  code: z.string(),
  name: z.string(),
  terminal: z.string(),
  side: sideSchema,
  guestPrice: moneySchema.nullable(),
  /** Its slot nearest to the time asked that has the places. */
  slot: slotSchema,
});
export type OtherLounge = z.infer<typeof otherLounge>;

export const otherLounges = defineCall({
  path: '/lounge/find-other-lounge-v2',
  auth: 'member',
  summary:
    'Other lounges at the same airport with the places asked for that day, each with its slot ' +
    'nearest to the time asked: those in the same terminal and on the same side (airside or ' +
    'landside) first, then the same terminal, then the rest; within each, the nearest time first.',
  payload: slotQuery,
  result: z.object({ lounges: z.array(otherLounge) }),
  errors: ['notFound'],
});

/** A membership the member may pay passes from, as the booking page offers it. */
export const bookingMembershipSchema = z.object({
  dpid: z.string(),
  cardType: z.string(),
  status: membershipStateSchema,
  passesLeft: z.number().int().nonnegative(),
  /** Active and in date: its passes can be spent. */
  usable: z.boolean(),
  inUse: z.boolean(),
  /** Guests who may come in with the member on one visit (guestLimit: with the lounge's cap). */
  guestsPerVisit: z.number().int().nonnegative(),
});
export type BookingMembership = z.infer<typeof bookingMembershipSchema>;

export const selectMembership = defineCall({
  path: '/lounge/select-num',
  auth: 'member',
  summary:
    "The member's memberships to pay passes from, the one in use first, with passes left and " +
    'whether they can be spent (a suspended or expired membership cannot).',
  payload: z.object({}).strict().optional().default({}),
  result: z.array(bookingMembershipSchema),
  errors: [],
});

export const availablePasses = defineCall({
  path: '/lounge/available-passes',
  auth: 'member',
  summary: "Passes left on one of the member's memberships, and whether they can be spent.",
  payload: z.object({ dpid: membershipNumberSchema }).strict(),
  result: bookingMembershipSchema,
  errors: ['notFound'],
});

export const contactSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobileNoPrefix: z.string(),
  mobileNo: z.string(),
  /** The member confirmed them for this booking (or edited them). */
  confirmed: z.boolean(),
});
export type BookingContact = z.infer<typeof contactSchema>;

// Declared beside the failure envelope, whose priceChanged carries one (result.price).
export { bookingPriceSchema, type BookingPrice } from '../schemas/booking-price';

/** A booking in progress: its places held until `expiresAt`. */
export const holdSchema = z.object({
  holdId: z.string(),
  expiresAt: z.string(),
  /** Seconds the hold has left at the answer (the page counts down from it). */
  secondsLeft: z.number().int().nonnegative(),
  price: bookingPriceSchema,
});
export type Hold = z.infer<typeof holdSchema>;

export const startPreBooking = defineCall({
  path: '/lounge/pre-book',
  auth: 'member',
  summary:
    'Step 1 done: checks every rule (slot, window, guest cap, booking limit, passes), holds the ' +
    "slot's places for a few minutes and answers the hold and its price. A hold named in " +
    'replaceHoldId (the member changed their mind) is released first.',
  payload: z
    .object({
      code: productIdSchema,
      date: localDateSchema,
      time: localTimeSchema,
      flightNumber: flightNumberSchema,
      /** Guests' full names, in order (the member is the first passenger). */
      guests: z.array(nameSchema).max(GUESTS_MAX).default([]),
      infants: z.coerce.number().int().min(0).max(INFANTS_MAX).default(0),
      /** The membership whose passes are spent; omitted: every passenger pays. */
      dpid: membershipNumberSchema.optional(),
      /** Book only if passes cover every passenger ('No passes available' otherwise). */
      passesOnly: z.boolean().default(false),
      replaceHoldId: holdIdSchema.optional(),
    })
    .strict(),
  result: holdSchema,
  errors: [
    'notFound',
    'slotNotAvailable',
    'bookingOutsideWindow',
    'bookingLimitReached',
    'tooManyGuests',
    'noPassesAvailable',
    'membershipSuspended',
    'membershipExpired',
  ],
});

export const holdPayload = z.object({ holdId: holdIdSchema }).strict();

export const cardholderDetails = defineCall({
  path: '/lounge/get-cardholder-details',
  auth: 'member',
  summary: "The booking's contact details: the member's own until they confirm or edit them.",
  payload: holdPayload,
  result: contactSchema,
  errors: ['notFound', 'prebookSessionExpired'],
});

export const confirmCardholderDetails = defineCall({
  path: '/lounge/confirm-cardholder-details',
  auth: 'member',
  summary: 'Confirms (or edits) the contact details of the booking in progress.',
  payload: z
    .object({
      holdId: holdIdSchema,
      firstName: nameSchema,
      lastName: nameSchema,
      email: emailSchema,
      ...mobileFields,
    })
    .strict()
    .superRefine(refineMobile),
  result: contactSchema,
  errors: ['notFound', 'prebookSessionExpired'],
});

export const orderPrice = defineCall({
  path: '/lounge/get-order-price',
  auth: 'member',
  summary:
    'The price of the booking in progress, from our own tables: passes used, passengers paying, ' +
    'the guest price and the total.',
  payload: holdPayload,
  result: bookingPriceSchema,
  errors: ['notFound', 'prebookSessionExpired'],
});

/** What the review step shows of any booking in progress (a lounge visit, a fast-track lane). */
export const reviewBaseSchema = z.object({
  holdId: z.string(),
  expiresAt: z.string(),
  secondsLeft: z.number().int().nonnegative(),
  date: z.string(),
  time: z.string(),
  flightNumber: z.string(),
  price: bookingPriceSchema,
  contact: contactSchema,
  cancellation: z.object({
    /** Cancelled at least this many hours ahead: card refund (about 5 working days), passes back. */
    noticeHours: z.number().int().nonnegative(),
    refundWorkingDays: z.number().int().positive(),
  }),
});
export type ReviewBase = z.infer<typeof reviewBaseSchema>;

export const bookingReviewSchema = reviewBaseSchema.extend({
  lounge: bookableLoungeSchema,
  /** Every passenger's name, the member first. */
  passengerNames: z.array(z.string()),
  infants: z.number().int().nonnegative(),
  membership: bookingMembershipSchema.nullable(),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

export const reviewDetails = defineCall({
  path: '/lounge/review-details',
  auth: 'member',
  summary: 'Everything about the booking in progress, for the review step.',
  payload: holdPayload,
  result: bookingReviewSchema,
  errors: ['notFound', 'prebookSessionExpired'],
});

/** The booking a paid order made. */
export const bookedSchema = z.object({
  bookingId: z.string(),
  /** The signed booking reference the desk scans (the QR's text). */
  qr: z.string(),
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  loungeName: z.string(),
  /** What the confirmation email and PDF tell of it besides (always answered). */
  details: z
    .object({
      terminal: z.string(),
      side: sideSchema,
      /** How to get there from security or the gates. */
      directions: z.string(),
      /** Every passenger's name, the member first. */
      passengerNames: z.array(z.string()),
      /** A lounge's infants under 2 (no place); a lane's free children are among the names. */
      infants: z.number().int().nonnegative(),
      passesUsed: z.number().int().nonnegative(),
      /** What the card paid (0 when passes covered it all), and the card, e.g. "Visa •••• 4242". */
      paid: moneySchema,
      paymentCard: z.string().nullable(),
    })
    .optional(),
});
export type Booked = z.infer<typeof bookedSchema>;

/** Where a booking's payment stands (the order as membership purchases answer it). */
export const bookingOrderStateSchema = orderStateSchema.omit({ membership: true }).extend({
  booking: bookedSchema.optional(),
});
export type BookingOrderState = z.infer<typeof bookingOrderStateSchema>;

/** Paying for a hold: a saved card (when there is something to pay) and the checkout's key. */
export const holdPaymentPayload = z
  .object({
    holdId: holdIdSchema,
    cardId: z.string().trim().min(1).max(64).optional(),
    idempotencyKey: z
      .string()
      .min(16)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    /**
     * The new total the member confirmed after priceChanged (its `result.price.total`): paid if
     * it is still the price. Unset: the total the member was last shown (the hold's answer, the
     * price or review call) is paid, or priceChanged answers the price now.
     */
    confirmedTotal: moneySchema.optional(),
  })
  .strict();

export const prepareBookingOrder = defineCall({
  path: '/lounge/pre-book/prepare-order/v2a',
  auth: 'member',
  summary:
    'Pays for the booking in progress: passes first, the rest with a saved card (its security ' +
    'code posted to the provider first, cacheCvv). The booking is made when the order is paid, ' +
    'in the same transaction; a booking passes cover needs no card. A retry with the same ' +
    'idempotencyKey answers the same order and never charges twice; 3-D Secure answers ' +
    'authenticate, and the page then asks check-payment-status. The hold of a change that ' +
    'adds paying guests (amend) is paid for the same way; the change is made when it is paid. ' +
    'The order is charged the total the member was shown: when the price changed since, ' +
    'nothing is charged and priceChanged answers the price now (result.price), paid when sent ' +
    'again as confirmedTotal. A hold has one live order: a new checkout key replaces an ' +
    'earlier order of the hold that was never charged (it is failed).',
  payload: holdPaymentPayload,
  result: bookingOrderStateSchema,
  errors: [
    'notFound',
    'prebookSessionExpired',
    'bookingOutsideWindow',
    'orderKeyReused',
    'cardAttemptsLocked',
    'noPassesAvailable',
    'membershipSuspended',
    'membershipExpired',
    'priceChanged',
  ],
});

export const orderIdPayload = z.object({ orderId: z.string().trim().min(1).max(64) }).strict();

export const checkBookingPayment = defineCall({
  path: '/lounge/pre-book/check-payment-status/v2a',
  auth: 'member',
  summary:
    "Where a booking's order stands, settled from the provider's word when not final yet; " +
    'fulfilled carries the booking. A failed order released its places and passes.',
  payload: orderIdPayload,
  result: bookingOrderStateSchema,
  errors: ['notFound'],
});

export const bookingIdPayload = z.object({ bookingId: z.string().trim().min(1).max(20) }).strict();

/** Answers application/pdf bytes, or the failure envelope (JSON). */
export const loungeBookingPdf = defineCall({
  path: '/lounge/pdf-stream',
  auth: 'member',
  summary: "A lounge booking's confirmation as a PDF, with its QR code for the desk.",
  payload: bookingIdPayload,
  result: z.never(),
  file: 'application/pdf',
  errors: ['notFound'],
});

/** What changing a booking did: the places moved, passes spent or given back, money to return. */
export const amendedSchema = z.discriminatedUnion('outcome', [
  z.object({
    /** The change is made: nothing to pay for it. */
    outcome: z.literal('changed'),
    booking: bookedSchema,
    passengers: z.number().int().positive(),
    /** Passes the added guests used. */
    passesUsed: z.number().int().nonnegative(),
    /** Passes of removed guests given back at once. */
    passesReturned: z.number().int().nonnegative(),
    /** What removed paying guests get back to the card (about 5 working days). */
    refund: moneySchema,
  }),
  z.object({
    /**
     * Added guests beyond the membership's passes pay the lounge's guest price: their places are
     * held (`hold`, priced for the added guests only) and the change is made when the hold is
     * paid for with prepare-order, like a booking; until then the booking stays as it was.
     */
    outcome: z.literal('payment-required'),
    hold: holdSchema,
  }),
]);
export type Amended = z.infer<typeof amendedSchema>;

/** A change to a booked lounge visit, as the member asks it (amend, and its quote). */
const changePayload = z
  .object({
    bookingId: z.string().trim().min(1).max(20),
    date: localDateSchema,
    time: localTimeSchema,
    guests: z.array(nameSchema).max(GUESTS_MAX).default([]),
    infants: z.coerce.number().int().min(0).max(INFANTS_MAX).default(0),
    /** Another flight (normalised, as pre-book's); unset: the flight booked. */
    flightNumber: flightNumberSchema.optional(),
    /**
     * How added guests are paid: 'use' passes while the membership has them, or 'card' for
     * every one. Unset: as the booking was (one made with "No passes: pay by card" pays by card).
     */
    passes: z.enum(['use', 'card']).optional(),
  })
  .strict();

/** What a change will do, before it is saved (amend/quote): the save does exactly this. */
export const changeQuoteSchema = z.object({
  passengers: z.number().int().positive(),
  /** How added guests are paid, as asked or as the booking was. */
  passes: z.enum(['use', 'card']),
  /** Passes the visit's membership has left to spend (0 without one). */
  passesLeft: z.number().int().nonnegative(),
  /** Passes the added guests will use. */
  passesUsed: z.number().int().nonnegative(),
  /** Added guests paid by card, and what they come to (then paid for as a hold). */
  paidGuests: z.number().int().nonnegative(),
  charge: moneySchema,
  /** Passes of removed guests given back, and card money refunded. */
  passesReturned: z.number().int().nonnegative(),
  refund: moneySchema,
});
export type ChangeQuote = z.infer<typeof changeQuoteSchema>;

const changeErrors = [
  'notFound',
  'bookingNotAmendable',
  'bookingAlreadyCancelled',
  'bookingOutsideWindow',
  'tooManyGuests',
  'noPassesAvailable',
] as const;

export const amendQuote = defineCall({
  path: '/lounge/amend/quote',
  auth: 'member',
  summary:
    'What a change to a booked lounge visit would do, before it is saved: the passengers, the ' +
    'passes added guests would use or removed ones give back, and what would be charged to or ' +
    'refunded to the card. Nothing is held or changed; amend with the same payload does this.',
  payload: changePayload,
  result: changeQuoteSchema,
  errors: [...changeErrors],
});

export const amendBooking = defineCall({
  path: '/lounge/amend',
  auth: 'member',
  summary:
    'Changes a booked lounge visit until 48 hours before it: another date or time (its places ' +
    'move in one step), another flight (free: no places move), or guests added (on passes while ' +
    'any are left) or removed (their card payment refunded, passes back at once). Added guests ' +
    'beyond the passes are charged: the answer is then payment-required with a hold, paid for ' +
    'through prepare-order and check-payment-status, and the change is made when it is paid. ' +
    'The same rules as pre-book apply to the new visit. `passes` chooses passes or card for ' +
    'added guests (as the booking was, unset); amend/quote tells the same terms before saving.',
  payload: changePayload,
  result: amendedSchema,
  errors: [...changeErrors, 'slotNotAvailable', 'bookingLimitReached'],
});

export const joinWaitlist = defineCall({
  path: '/lounge/waitlist',
  auth: 'member',
  summary:
    '"Tell me if a place frees up" for a full slot: when a cancellation or a lapsed hold frees ' +
    'places, the first waiting members in turn get them held for the ordinary hold time (as a ' +
    "pre-book holds them) and an email with a link that books them. Answers the member's place " +
    'in the queue (asking again keeps it). Only a slot without the places asked can be joined ' +
    '(waitlistSlotOpen: book it instead), not by a member with a booking at the lounge that day ' +
    '(bookingLimitReached), and a member waits on 3 slots at most (waitlistLimitReached).',
  payload: slotQuery,
  result: z.object({
    position: z.number().int().positive(),
    /** The places asked for: the member and their guests (asking again changes them). */
    places: z.number().int().positive(),
  }),
  errors: [
    'notFound',
    'slotNotAvailable',
    'bookingOutsideWindow',
    'tooManyGuests',
    'bookingLimitReached',
    'waitlistSlotOpen',
    'waitlistLimitReached',
  ],
});
