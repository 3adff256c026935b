/**
 * Fast-track pre-booking (spec §7 "Fast track", the 11 calls, under /fast-track/): a lane's time
 * windows with places left, the booking rules, the passengers, a hold while the member reviews
 * and pays, payment through the checkout engine and the confirmation. Lanes share the lounges'
 * slot inventory, booking window and rules.
 */
import { z } from 'zod';
import { defineCall } from '../define';
import { moneySchema, productIdSchema } from '../schemas/products';
import {
  bookablePlaceSchema,
  localDateSchema,
  placesSchema,
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
