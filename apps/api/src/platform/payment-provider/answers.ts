import { z } from 'zod';

/* The provider's answers as its server API documents them, checked on arrival. */

export const cardSchema = z.object({
  productId: z.number().int(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2999),
  holderName: z.string(),
  fingerprint: z.string().min(1),
});

export const TOKEN_STATUSES = [
  'CREATED',
  'PENDING_AUTHENTICATION',
  'AUTHENTICATION_FAILED',
] as const;

export const tokenSchema = z.object({
  id: z.string().min(1),
  status: z.enum(TOKEN_STATUSES),
  card: cardSchema,
});

/** An https: address (http: too when the provider itself is reached over http:). */
export function isBrowserAddress(url: string, providerBaseUrl: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:') return true;
  return (
    parsed.protocol === 'http:' &&
    providerBaseUrl !== undefined &&
    new URL(providerBaseUrl).protocol === 'http:'
  );
}

export const createTokenSchema = z.object({
  token: tokenSchema,
  redirectUrl: z.string().optional(),
});

export const sessionSchema = z.object({
  clientSessionId: z.string().min(1),
  customerId: z.string().min(1),
  clientApiUrl: z.string().min(1),
  assetUrl: z.string().min(1),
});

/**
 * A payment: PENDING_AUTHENTICATION (with the 3-D Secure page to send the browser to) until
 * the cardholder decides; CAPTURED; REJECTED (with the provider's code, e.g. 430285 for want of
 * funds, 61007 for a failed 3-D Secure); REFUNDED once all of it went back.
 */
export const paymentSchema = z.object({
  paymentId: z.string().min(1),
  status: z.enum(['PENDING_AUTHENTICATION', 'CAPTURED', 'REJECTED', 'REFUNDED']),
  errorCode: z.string().optional(),
  redirectUrl: z.url().optional(),
  amount: z.number().int(),
  currency: z.string(),
  orderId: z.string(),
  refundedAmount: z.number().int(),
});

export const refundSchema = z.object({
  refundId: z.string().min(1),
  paymentId: z.string().min(1),
  status: z.literal('REFUNDED'),
  amount: z.number().int(),
});

export const errorBodySchema = z.object({
  errorId: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.string(),
        id: z.string().optional(),
        message: z.string().optional(),
        httpStatusCode: z.number().optional(),
        propertyName: z.string().optional(),
      }),
    )
    .min(1),
});

/** What may be known of a card: the provider keeps the number, we keep its token. */
export type ProviderCard = z.infer<typeof cardSchema>;
export type ProviderTokenStatus = (typeof TOKEN_STATUSES)[number];
export type ProviderToken = z.infer<typeof tokenSchema>;
export type ProviderSession = z.infer<typeof sessionSchema>;
export type ProviderPayment = z.infer<typeof paymentSchema>;
export type ProviderRefund = z.infer<typeof refundSchema>;
export type ProviderErrorItem = z.infer<typeof errorBodySchema>['errors'][number];
