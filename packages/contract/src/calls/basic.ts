import { z } from 'zod';
import { defineCall } from '../define';
import { issuerSchema } from '../issuer-schema';

const empty = z.object({}).strict().optional().default({});

export const countryListTelCode = defineCall({
  path: '/area/country-list-telCode',
  auth: 'public',
  summary: 'Dial codes for the mobile number picker.',
  payload: empty,
  result: z.array(
    z.object({
      name: z.string(),
      /** Dial code without the plus, e.g. "44". */
      telabbr: z.string(),
      /** ISO 3166-1 alpha-2 code (the spec's spelling). */
      ios2: z.string(),
    }),
  ),
  errors: [],
});

export const airportSchema = z.object({
  name: z.string(),
  iataCode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2 country code. */
  country: z.string(),
  countryName: z.string(),
  /** ICAO code, or the OurAirports ident where there is none. */
  code: z.string(),
  /** Other names people search by, e.g. "LON, Londres". */
  keywords: z.string(),
  timeZone: z.string(),
});
export type Airport = z.infer<typeof airportSchema>;

export const airportListV2 = defineCall({
  path: '/airport/list-v2',
  auth: 'public',
  summary: 'Every airport with an IATA code: the list the browser searches. Cacheable (ETag).',
  payload: empty,
  result: z.array(airportSchema),
  errors: [],
});

export const termsItemSchema = z.object({
  cardType: z.string(),
  url: z.string(),
  text: z.string(),
});
export type TermsItem = z.infer<typeof termsItemSchema>;

export const tcLink = defineCall({
  path: '/tc/link',
  auth: 'public',
  summary: "The issuer's terms links, one per card type.",
  payload: z.object({ channel: issuerSchema }).strict(),
  result: z.array(termsItemSchema),
  errors: [],
});

export const legalDocumentSchema = z.object({
  id: z.enum([
    'terms-and-conditions',
    'terms-conditions',
    'terms-use',
    'privacy-policy',
    'cookie-policy',
    'accessibility',
    'dining-terms',
  ]),
  title: z.string(),
  url: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const tcList = defineCall({
  path: '/tc/list',
  auth: 'public',
  summary: "The issuer's legal documents.",
  payload: z.object({ channel: issuerSchema.optional() }).strict().optional().default({}),
  result: z.array(legalDocumentSchema),
  errors: [],
});
