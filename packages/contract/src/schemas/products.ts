import { z } from 'zod';
import { FACILITIES, PRODUCT_KINDS, SIDES, WEEKDAYS } from './product-constants';

export { FACILITIES, PRODUCT_KINDS, SIDES, WEEKDAYS } from './product-constants';

export const productKindSchema = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof productKindSchema>;

export const facilitySchema = z.enum(FACILITIES);
export type Facility = z.infer<typeof facilitySchema>;

export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'time must be HH:MM');

/** One opening period in the airport's local time; close may be "24:00". */
export const openingPeriodSchema = z.object({ open: hhmm, close: hhmm });
export type OpeningPeriod = z.infer<typeof openingPeriodSchema>;

/** Opening hours per weekday, local time; an empty list is closed all day. */
export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(openingPeriodSchema).max(4)])) as Record<
    Weekday,
    z.ZodArray<typeof openingPeriodSchema>
  >,
);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const sideSchema = z.enum(SIDES);
export type Side = z.infer<typeof sideSchema>;

export const moneySchema = z.object({
  /** Integer minor units (pence, cents). */
  amount: z.number().int().nonnegative(),
  /** ISO 4217 code. */
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Money = z.infer<typeof moneySchema>;

export const productIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'not a product id');

export const iataCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{3}$/, 'not an IATA code')
  .transform((s) => s.toUpperCase());

/** What a list shows of any product. */
export const productSummarySchema = z.object({
  id: z.string(),
  kind: productKindSchema,
  airportCode: z.string(),
  name: z.string(),
  terminal: z.string(),
  side: sideSchema,
  /** Open at this moment in the airport's local time. */
  openNow: z.boolean(),
  /** Today's hours in local time, e.g. "05:00–22:00", "Open 24 hours" or "Closed today". */
  hoursToday: z.string(),
  image: z.string(),
  price: moneySchema.nullable(),
  facilities: z.array(facilitySchema),
  /** Dining and spa: the discount or voucher in a line. */
  offer: z.string().nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const loungeConditionsSchema = z.object({
  maxStayHours: z.number().int().positive(),
  children: z.string(),
  dressCode: z.string(),
  /**
   * The guest terms beyond the number: how many guests is the lounge's cap (maxGuests), which
   * pages show weighed with the member's membership (guestLimit).
   */
  guests: z.string(),
});
export type LoungeConditions = z.infer<typeof loungeConditionsSchema>;

/**
 * What redeeming a dining or spa offer gives, shown before the member confirms and printed on
 * the voucher (issue 20).
 */
export const offerTermsSchema = z.object({
  /** The offer in a line: "£15 voucher towards food and drink", "20% off treatments". */
  benefit: z.string(),
  /** A fixed credit towards the bill, where the offer is one. */
  credit: moneySchema.nullable(),
  /** Guests who may share the offer with the member. */
  guests: z.number().int().nonnegative(),
  /** Never: no part of an offer is paid out in cash or change. */
  cashBack: z.literal(false),
  /** Passes redeeming takes (0 or 1); given back if the voucher expires unused. */
  passes: z.number().int().min(0).max(1),
  /** With a pass: what it buys, e.g. "one 20-minute express treatment". */
  passBuys: z.string().nullable(),
});
export type OfferTerms = z.infer<typeof offerTermsSchema>;

/** The whole of one product: what the detail page shows. */
export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  /** How to find it: "After security, follow signs for gates 1–20; take the lift to level 2." */
  directions: z.string(),
  timeZone: z.string(),
  weeklyHours: weeklyHoursSchema,
  images: z.array(z.string()),
  /** Lounges: maximum stay, children, dress code and guest policy. */
  conditions: loungeConditionsSchema.nullable(),
  /** Dining and spa: the offer's terms; fast track: how to use the lane. */
  terms: z.string().nullable(),
  /** Dining and spa: what redeeming the offer gives (credit, guests, pass). */
  offerTerms: offerTermsSchema.nullable(),
  /** Fast track: the lane's name. */
  lane: z.string().nullable(),
  slotMinutes: z.number().int().positive().nullable(),
  capacityPerSlot: z.number().int().positive().nullable(),
  airportName: z.string(),
  city: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
