import {
  facilitySchema,
  iataCodeSchema,
  loungeConditionsSchema,
  moneySchema,
  productKindSchema,
  sideSchema,
  weeklyHoursSchema,
  WEEKDAYS,
  type ProductKind,
} from '@portal/contract';
import { z } from 'zod';

/** The middle part of a product id per kind: LHR-LNG-1, LHR-DIN-1, LHR-SPA-1, LHR-FT-1. */
export const KIND_ID_CODES: Record<ProductKind, string> = {
  lounge: 'LNG',
  dining: 'DIN',
  spa: 'SPA',
  'fast-track': 'FT',
};

const PRODUCT_ID = /^([A-Z0-9]{3})-(LNG|DIN|SPA|FT)-([A-Z0-9]{1,12})$/;

/** Our own paths only: the page's content security policy allows no other image origin. */
const imagePath = z
  .string()
  .max(200)
  .regex(/^\/[A-Za-z0-9/_.-]+$/, 'must be a path on this site, e.g. /assets-api/art/...');

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * One product as the demo seed generates it, the operator imports it and the export writes it.
 * Kind-specific fields are null where they do not apply.
 */
export const catalogueProductSchema = z
  .object({
    id: z.string().regex(PRODUCT_ID, 'must look like LHR-LNG-1 (airport, LNG|DIN|SPA|FT, number)'),
    kind: productKindSchema,
    airportCode: iataCodeSchema,
    name: text(120),
    terminal: text(40),
    side: sideSchema,
    description: text(2000),
    directions: text(1000),
    weeklyHours: weeklyHoursSchema.strict(),
    facilities: z.array(facilitySchema).max(16),
    conditions: loungeConditionsSchema
      .extend({ maxStayHours: z.number().int().min(1).max(24) })
      .strict()
      .nullable(),
    offer: text(200).nullable(),
    terms: text(4000).nullable(),
    /** Dining and spa: what redeeming gives; left out or null, the portal's defaults. */
    offerTerms: z
      .object({
        credit: moneySchema.extend({ amount: z.number().int().min(1).max(100_000_000) }).nullable(),
        guests: z.number().int().min(0).max(10),
        cashBack: z.literal(false),
        passes: z.number().int().min(0).max(1),
        passBuys: text(200).nullable(),
      })
      .strict()
      .nullable()
      .optional(),
    lane: text(120).nullable(),
    price: moneySchema.extend({ amount: z.number().int().min(0).max(100_000_000) }).nullable(),
    slotMinutes: z.number().int().min(5).max(240).nullable(),
    capacityPerSlot: z.number().int().min(1).max(10_000).nullable(),
    /** Lounges: guests one pre-booking may bring; null: the portal's LOUNGE_GUEST_CAP. */
    maxGuests: z.number().int().min(0).max(20).nullable().optional(),
    images: z.array(imagePath).max(8),
    rank: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  })
  .strict()
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const id = PRODUCT_ID.exec(p.id);
    if (id && id[1] !== p.airportCode)
      issue('id', `must start with the airport code ${p.airportCode}`);
    if (id && id[2] !== KIND_ID_CODES[p.kind])
      issue('id', `a ${p.kind} id has ${KIND_ID_CODES[p.kind]} in the middle`);
    if (new Set(p.facilities).size !== p.facilities.length)
      issue('facilities', 'repeats a facility');
    for (const day of WEEKDAYS) {
      let previousClose = '';
      for (const period of p.weeklyHours[day]) {
        if (period.open >= period.close) issue('weeklyHours', `${day}: open must be before close`);
        if (period.open < previousClose)
          issue('weeklyHours', `${day}: periods overlap or are out of order`);
        previousClose = period.close;
      }
    }
    const needs = (field: keyof typeof p, why: string) => {
      if (p[field] === null) issue(field, `is required for ${why}`);
    };
    if (p.kind === 'lounge') {
      for (const field of ['conditions', 'price', 'slotMinutes', 'capacityPerSlot'] as const)
        needs(field, 'a lounge');
    }
    if (p.kind === 'dining' || p.kind === 'spa') {
      needs('offer', `a ${p.kind} offer`);
      needs('terms', `a ${p.kind} offer`);
      if (p.offerTerms && p.offerTerms.passes > 0 !== (p.offerTerms.passBuys !== null))
        issue('offerTerms', 'passBuys says what a pass buys: set both or neither');
    } else if (p.offerTerms) issue('offerTerms', `is only for dining and spa offers`);
    if (p.kind === 'fast-track') {
      for (const field of ['lane', 'terms', 'price'] as const) needs(field, 'a fast-track lane');
    }
  });

export type CatalogueProduct = z.output<typeof catalogueProductSchema>;
