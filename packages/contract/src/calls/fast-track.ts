/**
 * Fast-track pre-booking (spec §7 "Fast track", the 11 calls, under /fast-track/): a lane's time
 * windows with places left, the booking rules, the passengers, a hold while the member reviews
 * and pays, payment through the checkout engine and the confirmation. Lanes share the lounges'
 * slot inventory, booking window and rules.
 */
import { z } from 'zod';
import { defineCall } from '../define';
import { emailSchema } from '../rules/email';
import { flightNumberSchema } from '../rules/flight-number';
import { mobileFields, refineMobile } from '../rules/mobile';
import { nameSchema } from '../rules/names';
import { moneySchema, productIdSchema } from '../schemas/products';
import {
  bookablePlaceSchema,
  bookingIdPayload,
  bookingOrderStateSchema,
  bookingPriceSchema,
  contactSchema,
  holdIdSchema,
  holdPaymentPayload,
  holdPayload,
  holdSchema,
  localDateSchema,
  localTimeSchema,
  orderIdPayload,
  placesSchema,
  reviewBaseSchema,
  slotQuery,
  slotSchema,
} from './prebooking';

/**
 * How an airport's fast track counts children: counted (each a passenger, paying like an adult)
 * or free-with-adult (under-12s go free with a paying adult and take no place).
 */
export const fastTrackChildRuleSchema = z.enum(['counted', 'free-with-adult']);
export type FastTrackChildRule = z.infer<typeof fastTrackChildRuleSchema>;

/** A fast-track lane as its booking pages show it. */
export const bookableLaneSchema = bookablePlaceSchema.extend({
  /** Which lane at security, e.g. "Fast Track, South Terminal security". */
  lane: z.string().nullable(),
  /** What each passenger pays where no pass covers them; null: passes only. */
  pricePerPerson: moneySchema.nullable(),
  /** Passengers on one booking, the member included. */
  maxPassengers: z.number().int().positive(),
  childRule: fastTrackChildRuleSchema,
  /** Whether each passenger's age band is asked (the airport requires it). */
  ageBands: z.boolean(),
});
export type BookableLane = z.infer<typeof bookableLaneSchema>;

export const fastTrackBookingDetails = defineCall({
  path: '/fast-track/booking-details',
  auth: 'member',
  summary:
    'Step 1: a fast-track lane and the rules it books by (its hours on the date, time-window ' +
    'length, passenger cap, child rule, age bands, price per person, booking window). A lane ' +
    "whose sales are paused answers 'Lane not available'.",
  payload: z.object({ code: productIdSchema, date: localDateSchema.optional() }).strict(),
  result: bookableLaneSchema,
  errors: ['notFound', 'laneNotAvailable'],
});

export const fastTrackAvailableTimes = defineCall({
  path: '/fast-track/v2/get-available-time',
  auth: 'member',
  summary:
    "The lane's time windows on a local date with the places left in each, in the airport's " +
    'time, for the passengers who take a place (free children take none). The page asks again ' +
    'while open.',
  payload: z
    .object({ code: productIdSchema, date: localDateSchema, places: placesSchema })
    .strict(),
  result: z.object({ lane: bookableLaneSchema, date: z.string(), slots: z.array(slotSchema) }),
  errors: ['notFound', 'laneNotAvailable'],
});

export const fastTrackCheckAvailability = defineCall({
  path: '/fast-track/v2/check-availability',
  auth: 'member',
  summary:
    "Whether a time window can be booked now: one of the lane's windows that day with the " +
    'places left, inside the booking window, and no other booking of the member at the lane ' +
    "that day. 'Lane not available' when it is closed, paused or full (other-available-times " +
    'then offers the others). Nothing is held.',
  payload: slotQuery,
  result: slotSchema,
  errors: ['notFound', 'laneNotAvailable', 'bookingOutsideWindow', 'bookingLimitReached'],
});

export const fastTrackOtherTimes = defineCall({
  path: '/fast-track/v2/other-available-times',
  auth: 'member',
  summary:
    'The open time windows of the lane that day with the places asked, nearest to the time ' +
    'asked first (that time left out).',
  payload: slotQuery,
  result: z.object({ slots: z.array(slotSchema) }),
  errors: ['notFound', 'laneNotAvailable'],
});

/** Passengers one fast-track booking may carry at most, whatever a lane allows. */
export const PASSENGERS_MAX = 20;

/**
 * A passenger's age band, where the airport asks it: adult (16 and over), youth (12 to 15) or
 * child (under 12; free with a paying adult where the airport's child rule says so).
 */
export const ageBandSchema = z.enum(['adult', 'youth', 'child']);
export type AgeBand = z.infer<typeof ageBandSchema>;

export const fastTrackCardholderDetails = defineCall({
  path: '/fast-track/get-cardholder-details',
  auth: 'member',
  summary:
    "Step 2's starting point: the lead passenger's contact details, the member's own (a booking " +
    'in progress answers the ones confirmed for it).',
  payload: z.object({ holdId: holdIdSchema.optional() }).strict(),
  result: contactSchema,
  errors: ['notFound', 'prebookSessionExpired'],
});

export const fastTrackConfirmPassengers = defineCall({
  path: '/fast-track/confirm-passenger-details',
  auth: 'member',
  summary:
    'Step 2 done: the passengers (the member first, each named; age bands where the airport asks ' +
    'them) and the lead contact confirmed; every rule checked again (lane, window, booking ' +
    "limit, passenger cap); the window's places held for a few minutes. Children the airport's " +
    'rule lets through free take no place and pay nothing. A hold named in replaceHoldId is ' +
    'released first.',
  payload: z
    .object({
      code: productIdSchema,
      date: localDateSchema,
      time: localTimeSchema,
      flightNumber: flightNumberSchema,
      passengers: z
        .array(z.object({ name: nameSchema, ageBand: ageBandSchema.optional() }).strict())
        .min(1)
        .max(PASSENGERS_MAX),
      contact: z
        .object({
          firstName: nameSchema,
          lastName: nameSchema,
          email: emailSchema,
          ...mobileFields,
        })
        .strict()
        .superRefine(refineMobile),
      replaceHoldId: holdIdSchema.optional(),
    })
    .strict(),
  result: holdSchema,
  errors: [
    'notFound',
    'laneNotAvailable',
    'bookingOutsideWindow',
    'bookingLimitReached',
    'tooManyPassengers',
    'noPassesAvailable',
  ],
});

export const fastTrackOrderPrice = defineCall({
  path: '/fast-track/get-order-price',
  auth: 'member',
  summary:
    'The price of the fast-track booking in progress, from our own tables: the price per person ' +
    'for each passenger who takes a place.',
  payload: holdPayload,
  result: bookingPriceSchema,
  errors: ['notFound', 'prebookSessionExpired', 'noPassesAvailable'],
});

/** A fast-track booking in progress, for the review step. */
export const fastTrackReviewSchema = reviewBaseSchema.extend({
  lane: bookableLaneSchema,
  /** Every passenger, the member first: their age band where asked, and whether they go free. */
  passengers: z.array(
    z.object({ name: z.string(), ageBand: ageBandSchema.nullable(), free: z.boolean() }),
  ),
});
export type FastTrackReview = z.infer<typeof fastTrackReviewSchema>;

export const fastTrackReviewDetails = defineCall({
  path: '/fast-track/review-details',
  auth: 'member',
  summary:
    'Step 3: everything about the fast-track booking in progress (the lane, the window, the ' +
    'passengers, the price per person and the total, the contact, the cancellation rule).',
  payload: holdPayload,
  result: fastTrackReviewSchema,
  errors: ['notFound', 'prebookSessionExpired'],
});

export const fastTrackPrepareOrder = defineCall({
  path: '/fast-track/v2a/prepare-order',
  auth: 'member',
  summary:
    'Step 4: pays for the fast-track booking in progress with a saved card (its security code ' +
    'posted to the provider first, cacheCvv), through the checkout engine as a lounge booking ' +
    'is: the booking is made when the order is paid, in the same transaction; a retry with the ' +
    'same idempotencyKey answers the same order and never charges twice; 3-D Secure answers ' +
    'authenticate, and the page then asks v2a/check-payment-status. The total the member was ' +
    'shown is charged, or priceChanged answers the price now (sent again as confirmedTotal to ' +
    "pay it). A lane whose sales are paused answers 'Lane not available' (pausing ended its " +
    'unpaid holds).',
  payload: holdPaymentPayload,
  result: bookingOrderStateSchema,
  errors: [
    'notFound',
    'prebookSessionExpired',
    'bookingOutsideWindow',
    'cardAttemptsLocked',
    'orderKeyReused',
    'noPassesAvailable',
    'priceChanged',
    'laneNotAvailable',
  ],
});

export const fastTrackCheckPayment = defineCall({
  path: '/fast-track/v2a/check-payment-status',
  auth: 'member',
  summary:
    "Where a fast-track booking's order stands, settled from the provider's word when not " +
    'final yet; fulfilled carries the booking. A failed order released its places.',
  payload: orderIdPayload,
  result: bookingOrderStateSchema,
  errors: ['notFound'],
});

/** Answers application/pdf bytes, or the failure envelope (JSON). */
export const fastTrackBookingPdf = defineCall({
  path: '/fast-track/pdf-stream',
  auth: 'member',
  summary: "A fast-track booking's confirmation as a PDF, with its QR code for the lane.",
  payload: bookingIdPayload,
  result: z.never(),
  file: 'application/pdf',
  errors: ['notFound'],
});
