import { z } from 'zod';
import { defineCall } from '../define';
import { pageFields, pagedSchema } from '../schemas/paging';
import {
  facilitySchema,
  iataCodeSchema,
  productDetailSchema,
  productIdSchema,
  productKindSchema,
  productSummarySchema,
  sideSchema,
  type ProductKind,
} from '../schemas/products';

/** What every product list takes: an airport, optional filters, a page. */
export const productFilterSchema = z
  .object({
    airportCode: iataCodeSchema,
    terminal: z.string().trim().min(1).max(40).optional(),
    side: sideSchema.optional(),
    /** Every listed facility must be offered. */
    facilities: z.array(facilitySchema).max(16).optional(),
    /** Only what is open now, in the airport's local time. */
    openNow: z.boolean().optional(),
    keyword: z.string().trim().max(60).optional(),
    ...pageFields,
  })
  .strict();
export type ProductFilter = z.input<typeof productFilterSchema>;

const airportOnly = z.object({ airportCode: iataCodeSchema, ...pageFields }).strict();
const detailPayload = z.object({ id: productIdSchema }).strict();
const pagedProducts = pagedSchema(productSummarySchema);

/** One product of a kind in full, on its detail page. */
const detailCall = (kind: ProductKind, path: `/${string}`) =>
  defineCall({
    path,
    auth: 'public',
    summary: `One ${kind} offer in full.`,
    payload: detailPayload,
    result: productDetailSchema,
    errors: ['notFound'],
  });

function productCalls<K extends string>(
  kind: ProductKind,
  base: `/${K}`,
  listPath: string,
  filterPath: string,
  detailPath: string,
) {
  return {
    list: defineCall({
      path: `${base}${listPath}` as `/${string}`,
      auth: 'public',
      summary: `Every ${kind} offer at an airport, paged.`,
      payload: airportOnly,
      result: pagedProducts,
      errors: [],
    }),
    filter: defineCall({
      path: `${base}${filterPath}` as `/${string}`,
      auth: 'public',
      summary: `The ${kind} offers at an airport that match the filters, paged.`,
      payload: productFilterSchema,
      result: pagedProducts,
      errors: [],
    }),
    detail: detailCall(kind, `${base}${detailPath}`),
  };
}

const lounge = productCalls('lounge', '/lounge', '/list/v2', '/filter/v2', '/detail/v2');
export const loungeList = lounge.list;
export const loungeFilter = lounge.filter;
export const loungeDetail = lounge.detail;

const dining = productCalls('dining', '/dining', '/list', '/filter', '/detail');
export const diningList = dining.list;
export const diningFilter = dining.filter;
export const diningDetail = dining.detail;

const spa = productCalls('spa', '/spa', '/list', '/filter', '/detail');
export const spaList = spa.list;
export const spaFilter = spa.filter;
export const spaDetail = spa.detail;

export const fastTrackList = defineCall({
  path: '/fast-track/list',
  auth: 'public',
  summary: 'The fast-track lanes at an airport (optionally one terminal), paged.',
  payload: z
    .object({
      airportCode: iataCodeSchema,
      terminal: z.string().trim().min(1).max(40).optional(),
      ...pageFields,
    })
    .strict(),
  result: pagedProducts,
  errors: [],
});

/**
 * One fast-track lane in full: description, weekly hours, the lane and how to use it, how to
 * find it (issue 21: its page had only today's hours), as every other kind's detail page.
 */
export const fastTrackDetail = detailCall('fast-track', '/fast-track/detail');

export const productCountsSchema = z.object({
  iataCode: z.string(),
  lounge: z.number().int().nonnegative(),
  dining: z.number().int().nonnegative(),
  spa: z.number().int().nonnegative(),
  fastTrack: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ProductCounts = z.infer<typeof productCountsSchema>;

export const airportProductNum = defineCall({
  path: '/airport/productNum',
  auth: 'public',
  summary: 'How many offers of each kind the given airports have (zeros for none).',
  payload: z.object({ iataCodes: z.array(iataCodeSchema).min(1).max(200) }).strict(),
  result: z.array(productCountsSchema),
  errors: [],
});

export const airportProductFilter = defineCall({
  path: '/airport/product/filter',
  auth: 'public',
  summary: "The filter choices an airport's offers allow: terminals, sides, facilities, kinds.",
  payload: z.object({ airportCode: iataCodeSchema, kind: productKindSchema.optional() }).strict(),
  result: z.object({
    terminals: z.array(z.string()),
    sides: z.array(sideSchema),
    facilities: z.array(facilitySchema),
    counts: productCountsSchema,
  }),
  errors: ['notFound'],
});
