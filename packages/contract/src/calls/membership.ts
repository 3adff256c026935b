import { z } from 'zod';
import { defineCall } from '../define';
import { ISSUERS } from '../issuers';
import { membershipNumberSchema } from '../rules/membership-number';
import { membershipCardSchema } from './registration';

/** The membership card as the sign-up success and Add membership pages preview it. */
export type MembershipCardPreview = z.infer<typeof membershipCardSchema>;

const noPayload = z.object({}).strict().optional().default({});

export const MEMBERSHIP_STATES = ['active', 'expired', 'suspended'] as const;
export const membershipStateSchema = z.enum(MEMBERSHIP_STATES);
export type MembershipState = z.infer<typeof membershipStateSchema>;

/** Joint holders of a membership: their numbers with all but the last 4 digits hidden. */
export const sharedWithSchema = z.array(
  z.object({ dpid: z.string(), holderName: z.string().nullable() }),
);

/** One of the member's memberships (spec section 3: number, shared with, entitlements, status). */
export const membershipSchema = z.object({
  /** The member's own number, in full (the page groups it in fours). */
  dpid: z.string(),
  issuer: z.enum(ISSUERS),
  /** The issuer's card product, as the cardholder knows it. */
  cardName: z.string(),
  holderName: z.string().nullable(),
  /** The day it was registered to this member (YYYY-MM-DD), null if never. */
  issuedOn: z.string().nullable(),
  /** The last day it is valid (YYYY-MM-DD). */
  expiresOn: z.string(),
  status: membershipStateSchema,
  /** Whose passes pre-booking spends: exactly one of the member's memberships is in use. */
  inUse: z.boolean(),
  entitlements: z.object({
    /** Free passes the card gives each year. */
    passesPerYear: z.number().int().nonnegative(),
    /** Passes bought in pass packs; they do not lapse with the year. */
    passesBought: z.number().int().nonnegative(),
    passesUsed: z.number().int().nonnegative(),
    passesLeft: z.number().int().nonnegative(),
    /** Guests who may come in with the member on one visit, each using a pass or paying. */
    guestsPerVisit: z.number().int().nonnegative(),
  }),
  sharedWith: sharedWithSchema,
  /** The card artwork of the issuer (a URL of this server). */
  cardBg: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const membershipList = defineCall({
  path: '/membership/list',
  auth: 'member',
  summary: "The member's memberships, the one in use first, then by registration.",
  payload: noPayload,
  result: z.array(membershipSchema),
  errors: [],
});

export const membershipStatus = defineCall({
  path: '/membership/status',
  auth: 'member',
  summary:
    'What the membership pages need before they open: whether the email is verified (else the ' +
    'page offers to send the validation email), and the membership in use with its status ' +
    '(active, expired or suspended, each with its modal).',
  payload: noPayload,
  result: z.object({ emailVerified: z.boolean(), membership: membershipSchema }),
  /** notFound: the member holds no membership any more. */
  errors: ['notFound'],
});

const numberPayload = z.object({ dpid: membershipNumberSchema }).strict();

export const switchMembership = defineCall({
  path: '/membership/switch',
  auth: 'member',
  summary:
    "Puts one of the member's memberships in use (whose passes pre-booking spends); answers " +
    'the memberships.',
  payload: numberPayload,
  result: z.array(membershipSchema),
  errors: ['notFound'],
});

/** Why a number cannot be added, and the lock three wrong numbers set (5 minutes). */
const addErrors = [
  'membershipNotRecognised',
  'numberNotRecognised',
  'numberCannotBeAdded',
  'differentEmailForAdditional',
  'membershipSuspended',
  'membershipNumberLocked',
] as const;

/** The card a number to add shows, with its last valid day as the membership pages write it. */
export const membershipToAddSchema = membershipCardSchema.extend({
  /** The last day it is valid (YYYY-MM-DD); `expiry` is the same month as MM/YY. */
  expiresOn: z.string(),
});
export type MembershipToAdd = z.infer<typeof membershipToAddSchema>;

export const checkMembershipNumber = defineCall({
  path: '/membership/check-dragonCard',
  auth: 'member',
  ipLimit: 'registration',
  summary:
    'Checks a membership number the member wants to add, and answers its card preview. A ' +
    'number not on file counts as wrong; three wrong in a row lock adding for 5 minutes ' +
    '(result.time in seconds).',
  payload: numberPayload,
  result: membershipToAddSchema,
  errors: addErrors,
});

export const addMembership = defineCall({
  path: '/membership/add',
  auth: 'member',
  ipLimit: 'registration',
  summary:
    'Adds a membership number to the member (the same checks as check-dragonCard); answers the ' +
    'memberships. The one in use does not change.',
  payload: numberPayload,
  result: z.array(membershipSchema),
  errors: addErrors,
});

export const CHARGE_KINDS = ['pass-pack', 'renewal'] as const;

/** Something the membership's issuer sells, priced by the server (minor units + currency). */
export const chargePriceSchema = z.object({
  /** What prepare-order is asked for, e.g. "pass-pack:5" or "renewal". */
  item: z.string(),
  kind: z.enum(CHARGE_KINDS),
  description: z.string(),
  /** Passes it adds (0 for a renewal). */
  passes: z.number().int().nonnegative(),
  /** A renewal: the new expiry it gives (YYYY-MM-DD). */
  renewsUntil: z.string().optional(),
  /**
   * A pass pack: the last day its passes can be spent (YYYY-MM-DD), the membership's expiry.
   * Bought passes do not lapse with the year; they are spent only while the membership is active.
   */
  validUntil: z.string().optional(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
});
export type ChargePrice = z.infer<typeof chargePriceSchema>;

export const chargePrices = defineCall({
  path: '/membership/charge-price/get',
  auth: 'member',
  summary:
    'What the membership in use can buy: pass packs while it is active, a renewal (where the ' +
    'issuer sells it) once it has expired. A suspended membership can buy nothing (30041).',
  payload: noPayload,
  result: z.object({ dpid: z.string(), items: z.array(chargePriceSchema) }),
  errors: ['notFound', 'membershipSuspended'],
});

export const ORDER_OUTCOMES = ['fulfilled', 'authenticate', 'pending', 'failed'] as const;

/** Where a purchase stands, as prepare-order and check-payment-status answer it. */
export const orderStateSchema = z.object({
  orderId: z.string(),
  /** What the member quotes, e.g. "OR7K2M9Q4X". */
  reference: z.string(),
  /**
   * fulfilled: paid and delivered; authenticate: send the browser to threeDSRedirectUrl;
   * pending: not known yet, ask again; failed: nothing was charged (or it is being refunded).
   */
  outcome: z.enum(ORDER_OUTCOMES),
  threeDSRedirectUrl: z.string().optional(),
  /** Why it failed: the provider's code (e.g. "430285" insufficient funds) or ours. */
  failureReason: z.string().optional(),
  lines: z.array(
    z.object({
      item: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unitAmount: z.number().int(),
    }),
  ),
  amount: z.number().int(),
  currency: z.string(),
  /** The membership it was for, as it stands now (passes left grow once fulfilled). */
  membership: membershipSchema.optional(),
});
export type OrderState = z.infer<typeof orderStateSchema>;

export const prepareMembershipOrder = defineCall({
  path: '/membership/charge-price/v2a/prepare-order',
  auth: 'member',
  summary:
    'Buys one item of charge-price/get for the membership in use with a saved card (its ' +
    'security code posted to the provider first, cacheCvv). The server prices it; a retry with ' +
    'the same idempotencyKey answers the same order and never charges twice. 3-D Secure answers ' +
    'authenticate with threeDSRedirectUrl; the browser comes back and asks check-payment-status.',
  payload: z
    .object({
      item: z
        .string()
        .max(40)
        .regex(/^[a-z-]+(:\d{1,3})?$/),
      cardId: z.string().trim().min(1).max(64),
      /** Made once per checkout by the browser (e.g. a UUID). */
      idempotencyKey: z
        .string()
        .min(16)
        .max(64)
        .regex(/^[A-Za-z0-9_-]+$/),
    })
    .strict(),
  result: orderStateSchema,
  errors: ['notFound', 'membershipSuspended', 'orderKeyReused', 'cardAttemptsLocked'],
});

export const checkMembershipPayment = defineCall({
  path: '/membership/charge-price/v2a/check-payment-status',
  auth: 'member',
  summary:
    "Where one of the member's orders stands, settled from the provider's word when it is " +
    'not final yet. The page asks after 3-D Secure, backing off, until it is final.',
  payload: z.object({ orderId: z.string().trim().min(1).max(64) }).strict(),
  result: orderStateSchema,
  errors: ['notFound'],
});

/** Answers application/pdf bytes, or the failure envelope (JSON). */
export const membershipCertificate = defineCall({
  path: '/membership/pdf-stream',
  auth: 'member',
  summary:
    'The membership certificate as a PDF: holder, number, issue and expiry dates, in the ' +
    "issuer's branding. The membership in use unless dpid names another of the member's.",
  payload: z.object({ dpid: membershipNumberSchema.optional() }).strict().optional().default({}),
  result: z.never(),
  file: 'application/pdf',
  errors: ['notFound'],
});

export const jointAccountInUse = defineCall({
  path: '/membership/inUsedJointAccount',
  auth: 'member',
  summary:
    'Whether the membership in use is held jointly, and with whom (numbers with all but the ' +
    'last 4 digits hidden).',
  payload: noPayload,
  result: z.object({
    joint: z.boolean(),
    sharedWith: sharedWithSchema,
  }),
  errors: [],
});

/** The digital card's parts the device keeps: a signed token and the card's TOTP secret. */
export const digitalCardSchema = z.object({
  /** A compact JWS (EdDSA) of the card: number, holder, status, expiry, issuer. */
  token: z.string(),
  /** When the token stops being accepted (ISO instant): the device asks again before then. */
  tokenExpiresAt: z.string(),
  /** The card's TOTP secret (base32): the code beside the token changes every `period` s. */
  secret: z.string(),
  period: z.number().int().positive(),
  dpid: z.string(),
  holderName: z.string().nullable(),
  cardName: z.string(),
  issuer: z.enum(ISSUERS),
  expiresOn: z.string(),
  cardBg: z.string(),
});
export type DigitalCard = z.infer<typeof digitalCardSchema>;

export const digitalCard = defineCall({
  path: '/membership/digital-card',
  auth: 'member',
  summary:
    'The digital card of the membership in use, for the device to keep and show offline: a ' +
    'signed card token and the TOTP secret of its rotating code (a new QR every 30 s). A lounge ' +
    'desk checks a scanned code with the operator API or, the signature alone, with the public ' +
    'key at /digital-card/keys.json.',
  payload: noPayload,
  result: digitalCardSchema,
  errors: ['notFound', 'membershipSuspended', 'membershipExpired'],
});
