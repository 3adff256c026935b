import { z } from 'zod';
import { PAYMENT_SESSION_DEFAULT_CURRENCY, PAYMENT_SESSION_DEFAULT_TOTAL } from '../constants';
import { defineCall } from '../define';
import { nameOnCardSchema } from '../rules/card-name';

const noPayload = z.object({}).strict().optional().default({});

/** The card-session response (spec section 3): what the browser's encryption SDK needs. */
export const cardSessionSchema = z.object({
  clientSessionId: z.string(),
  customerId: z.string(),
  clientApiUrl: z.string(),
  assetUrl: z.string(),
});
export type CardSession = z.infer<typeof cardSessionSchema>;

export const createCardSession = defineCall({
  path: '/payment/create-session',
  auth: 'member',
  ipLimit: 'cardSession',
  summary:
    "Opens a session with the payment provider for the member's browser to encrypt a card in " +
    '(defaults: total 0, currency EUR).',
  payload: z
    .object({
      amount: z.number().int().min(0).max(100_000_000).default(PAYMENT_SESSION_DEFAULT_TOTAL),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .default(PAYMENT_SESSION_DEFAULT_CURRENCY),
    })
    .strict()
    .optional()
    .default({ amount: PAYMENT_SESSION_DEFAULT_TOTAL, currency: PAYMENT_SESSION_DEFAULT_CURRENCY }),
  result: cardSessionSchema,
  errors: [],
});

/** A saved payment card (spec section 3), never more of the number than its last 4 digits. */
export const paymentCardSchema = z.object({
  cardId: z.string(),
  productName: z.string(),
  /** The card brand's logo (an image URL). */
  productLogo: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  isExpired: z.boolean(),
  isDefault: z.boolean(),
  /**
   * Where the browser posts this card's security code before paying with it (the provider's
   * cacheCvv, spec section 7), and the provider's name for the card there. The code never
   * reaches the portal.
   */
  securityCode: z.object({ url: z.string(), token: z.string() }),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const paymentCards = defineCall({
  path: '/payment/payment-cards',
  auth: 'member',
  summary: "The member's saved cards, the default first.",
  payload: noPayload,
  result: z.array(paymentCardSchema),
  errors: [],
});

/** Where a card is being added from (analytics and the return address after 3-D Secure). */
export const CARD_SOURCES = ['account', 'sign-up', 'first-login', 'payment'] as const;
export const cardSourceSchema = z.enum(CARD_SOURCES);
export type CardSource = z.infer<typeof cardSourceSchema>;

/** What an add answers: the card is saved, or the cardholder must first pass 3-D Secure. */
export const cardAddOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('added'), card: paymentCardSchema }),
  z.object({
    status: z.literal('verify'),
    /** 61005: the card asks for 3-D Secure; the browser goes here, then comes back. */
    code: z.literal('61005'),
    cardId: z.string(),
    threeDSRedirectUrl: z.string(),
  }),
]);
export type CardAddOutcome = z.infer<typeof cardAddOutcomeSchema>;

export const addCard = defineCall({
  path: '/payment/add-card',
  auth: 'member',
  summary:
    "Saves a card from the provider SDK's encryptCustomerInput (the portal never sees the " +
    'number, expiry or CVV). 3-D Secure cards answer status verify with threeDSRedirectUrl ' +
    '(61005); failures 61007 / 430712, unsupported type 61008, not recognized 61009, the same ' +
    'card twice 61010.',
  payload: z
    .object({
      encryptCustomerInput: z
        .string()
        .max(20_000)
        .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]*){4}$/),
      cardHolder: nameOnCardSchema,
      source: cardSourceSchema.default('account'),
      paymentProductId: z.number().int().min(1).max(100_000),
    })
    .strict(),
  result: cardAddOutcomeSchema,
  errors: [
    'cardAttemptsLocked',
    'cardAuthFailed',
    'cardAuthFailedIssuer',
    'cardNotAccepted',
    'cardNotRecognized',
    'cardAlreadyRegistered',
  ],
});

const cardRef = z.object({ cardId: z.string().trim().min(1).max(64) }).strict();

export const addCardStatus = defineCall({
  path: '/payment/add-card/check-status',
  auth: 'member',
  summary:
    'After 3-D Secure: whether the card is now saved (added), still waiting (pending) or ' +
    'failed authentication (61007). The browser asks every 500 ms.',
  payload: cardRef,
  result: z.discriminatedUnion('status', [
    z.object({ status: z.literal('added'), card: paymentCardSchema }),
    z.object({ status: z.literal('pending') }),
  ]),
  errors: ['notFound', 'cardAuthFailed', 'cardAlreadyRegistered'],
});

export const setDefaultCard = defineCall({
  path: '/payment/set-default',
  auth: 'member',
  summary: "Makes one of the member's cards the default (exactly one is); answers the cards.",
  payload: cardRef,
  result: z.array(paymentCardSchema),
  errors: ['notFound'],
});

export const deleteCard = defineCall({
  path: '/payment/delete',
  auth: 'member',
  summary:
    "Deletes one of the member's cards (and its token at the provider); the next card becomes " +
    'the default if it was. Answers the cards.',
  payload: cardRef,
  result: z.array(paymentCardSchema),
  errors: ['notFound'],
});

/** What the return from 3-D Secure learns of its order without a login (payment/return-status). */
export const paymentReturnSchema = z.object({
  /** pending: the bank or the provider has not said yet; ask again. */
  outcome: z.enum(['fulfilled', 'failed', 'pending']),
  /** What was bought, so the page can name it. */
  purchase: z.enum(['passes', 'renewal', 'lounge-booking', 'lounge-change', 'fast-track', 'offer']),
  /** The order reference members quote. */
  reference: z.string(),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

export const paymentReturnStatus = defineCall({
  path: '/payment/return-status',
  auth: 'public',
  ipLimit: 'paymentReturn',
  summary:
    'The outcome of the order a 3-D Secure return address names by its reference (`ref`, made ' +
    'when the charge was asked for, 43 characters), for a browser with no login there: it asks ' +
    'the provider, settles the order (fulfilled at once when paid), and answers what was bought, ' +
    'the order reference and the outcome. The reference tells a final outcome once; after that, ' +
    'or when unknown, 10002. It never logs anyone in.',
  payload: z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).strict(),
  result: paymentReturnSchema,
  errors: ['notFound'],
});
