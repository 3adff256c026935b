/**
 * Dining and spa offers (spec §7 Products `/dining|spa/redeem-offer`, Dining
 * `/dining/offer-pdf-stream`; issue 20): an offer is redeemed on the phone just before the
 * visit for a single-use voucher (a short code and a signed QR) that the outlet confirms.
 */
import { z } from 'zod';
import { defineCall } from '../define';
import { membershipNumberSchema } from '../rules/membership-number';
import { offerTermsSchema, productIdSchema } from '../schemas/products';

export const VOUCHER_STATUSES = ['open', 'used', 'expired'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const voucherSchema = z.object({
  /** What the member reads out or the outlet types: "K7QM-3XPA". */
  code: z.string(),
  /** The signed reference the outlet scans; null once the voucher is used or expired. */
  qr: z.string().nullable(),
  status: z.enum(VOUCHER_STATUSES),
  productId: z.string(),
  kind: z.enum(['dining', 'spa']),
  outletName: z.string(),
  terminal: z.string(),
  airportCode: z.string(),
  airportName: z.string(),
  /** The outlet's local date the voucher is for, "2026-10-03". */
  date: z.string(),
  /** Valid until the outlet closes that day, local "22:00" ("24:00": midnight). */
  validUntil: z.string(),
  timeZone: z.string(),
  terms: offerTermsSchema,
  /** The offer's full conditions, as the detail page shows them. */
  conditions: z.string(),
  /** The membership it was redeemed with, all but the last 4 digits hidden. */
  membershipNumber: z.string().nullable(),
  /** When the outlet confirmed it, local "YYYY-MM-DD HH:MM"; null until then. */
  usedAt: z.string().nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

const redeemPayload = z
  .object({
    id: productIdSchema,
    /** The membership to redeem with; the one in use when left out. */
    dpid: membershipNumberSchema.optional(),
  })
  .strict();

const REDEEM_ERRORS = [
  'notFound',
  'membershipSuspended',
  'membershipExpired',
  'noPassesAvailable',
  'outletClosed',
] as const;

const redeemCall = <P extends `/${string}`>(path: P, kind: 'dining' | 'spa') =>
  defineCall({
    path,
    auth: 'member',
    summary:
      `Redeems a ${kind} offer for a single-use voucher valid at that outlet until it closes ` +
      "today (the airport's local date): the member's open voucher there if there is one, else a " +
      'new one, taking a pass in the same transaction where the offer spends one.',
    payload: redeemPayload,
    result: voucherSchema,
    errors: REDEEM_ERRORS,
  });

export const redeemDiningOffer = redeemCall('/dining/redeem-offer', 'dining');
export const redeemSpaOffer = redeemCall('/spa/redeem-offer', 'spa');

export const offerPdf = defineCall({
  path: '/dining/offer-pdf-stream',
  auth: 'member',
  summary:
    'A dining or spa offer as a PDF (application/pdf): the outlet and the terms, and the code ' +
    "and QR of the member's voucher there today when there is one.",
  payload: z.object({ id: productIdSchema }).strict(),
  result: z.never(),
  file: 'application/pdf',
  errors: ['notFound'],
});

export const myVouchers = defineCall({
  path: '/account/vouchers',
  auth: 'member',
  summary:
    "The member's vouchers still open, then those used or expired in the last 30 days, newest " +
    'first.',
  payload: z.object({}).strict().optional().default({}),
  result: z.array(voucherSchema),
  errors: [],
});
