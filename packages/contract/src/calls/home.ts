import { z } from 'zod';
import { defineCall } from '../define';
import { issuerSchema } from '../issuer-schema';

const channelPayload = z
  .object({ channel: issuerSchema.optional() })
  .strict()
  .optional()
  .default({});

export const carouselSlideSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  image: z.string(),
  /** A path inside the portal. */
  link: z.string().nullable(),
});

export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  link: z.object({ url: z.string(), text: z.string() }).nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const agentConfigSchema = z.object({
  channel: z.string(),
  bankName: z.string(),
  appStore: z.object({ apple: z.string(), google: z.string() }),
  banner: z.object({ title: z.string(), text: z.string(), image: z.string() }),
  /** Shown once each and remembered (e.g. the third-party visa service notice). */
  notices: z.array(noticeSchema),
  carousel: z.array(carouselSlideSchema),
  /** ISO instants; the ribbon shows while now is inside the window. */
  maintenance: z.object({ from: z.string(), to: z.string(), message: z.string() }).nullable(),
  /**
   * vm: the membership has ended; users of the channel see only this notice. `contactEmail` is
   * where they write, since they cannot log in to the contact form.
   */
  customerNotice: z
    .object({
      title: z.string(),
      text: z.string(),
      endedOn: z.string(),
      contactEmail: z.email(),
    })
    .nullable(),
  /** The third-party visa widget's script URL, when configured; else /sherpa links out. */
  visaWidgetUrl: z.string().nullable(),
  visaServiceUrl: z.string(),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

export const agentConfigV3 = defineCall({
  path: '/index/agent-config/v3',
  auth: 'public',
  summary:
    "The channel's home-page configuration: store links, banner, notices, carousel, maintenance.",
  payload: channelPayload,
  result: agentConfigSchema,
  errors: [],
});

export const popularPlaceSchema = z.object({
  iataCode: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  countryName: z.string(),
  image: z.string(),
  products: z.number().int().nonnegative(),
});
export type PopularPlace = z.infer<typeof popularPlaceSchema>;

export const popularPlaces = defineCall({
  path: '/index/popular-places',
  auth: 'public',
  summary: 'The airports with the most offers, for the home page.',
  payload: z
    .object({ limit: z.number().int().min(1).max(24).default(8) })
    .strict()
    .optional()
    .default({ limit: 8 }),
  result: z.array(popularPlaceSchema),
  errors: [],
});
