import { z } from 'zod';
import type { PaymentProviderConfig } from './payment-provider-config';

/**
 * The payment provider client: the only code that talks to the card-payment provider's server
 * API (apps/psp-sandbox locally). It maps the provider's JSON and error bodies to typed results
 * and never puts a request body (which carries the encrypted card) into an error or a log.
 */

const cardSchema = z.object({
  productId: z.number().int(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2999),
  holderName: z.string(),
  fingerprint: z.string().min(1),
});

const TOKEN_STATUSES = ['CREATED', 'PENDING_AUTHENTICATION', 'AUTHENTICATION_FAILED'] as const;

const tokenSchema = z.object({
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

const createTokenSchema = z.object({ token: tokenSchema, redirectUrl: z.string().optional() });

const sessionSchema = z.object({
  clientSessionId: z.string().min(1),
  customerId: z.string().min(1),
  clientApiUrl: z.string().min(1),
  assetUrl: z.string().min(1),
});

const paymentSchema = z.object({
  paymentId: z.string().min(1),
  status: z.enum(['CAPTURED', 'REFUNDED']),
  amount: z.number().int(),
  currency: z.string(),
  orderId: z.string(),
  refundedAmount: z.number().int(),
});

const refundSchema = z.object({
  refundId: z.string().min(1),
  paymentId: z.string().min(1),
  status: z.literal('REFUNDED'),
  amount: z.number().int(),
});

const errorBodySchema = z.object({
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

/** Why the provider refused to tokenise a card, by its error code. */
export type CardRefusal =
  'authentication-failed' | 'declined-by-issuer' | 'card-type-not-accepted' | 'unknown-card';

const REFUSALS: ReadonlyMap<string, CardRefusal> = new Map([
  ['61007', 'authentication-failed'],
  ['430712', 'declined-by-issuer'],
  ['61008', 'card-type-not-accepted'],
  ['300450', 'unknown-card'],
]);

/** The provider's code for a wrong card value (one error per field). */
const INVALID_VALUE = '1100';
const UNKNOWN_TOKEN = '1300';

export type CreateTokenResult =
  | { outcome: 'created'; token: ProviderToken }
  /** 3-D Secure: the browser goes to `redirectUrl`, then back to the returnUrl given. */
  | { outcome: 'pending-authentication'; token: ProviderToken; redirectUrl: string }
  | { outcome: 'refused'; reason: CardRefusal; code: string }
  /** The card values were wrong; `property` is the SDK's field id (cardNumber, cvv, ...). */
  | { outcome: 'invalid-values'; fields: { property: string; message: string }[] };

export interface CreateTokenInput {
  /** The SDK's JWE: passed through, never logged. */
  encryptedCustomerInput: string;
  returnUrl: string;
  reference?: string;
}

export interface CreatePaymentInput {
  token: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  /** The provider answers the same payment for a retry of the same order id. */
  orderId: string;
}

/** The provider could not be reached in time (or is not configured): try again later. */
export class ProviderUnavailable extends Error {
  readonly operation: string;
  readonly reason: 'timeout' | 'network' | 'not-configured';

  constructor(
    operation: string,
    reason: ProviderUnavailable['reason'],
    options: { cause?: unknown } = {},
  ) {
    super(`payment provider unavailable (${operation}: ${reason})`, options);
    this.name = 'ProviderUnavailable';
    this.operation = operation;
    this.reason = reason;
  }
}

/** The provider answered an error the caller has no typed outcome for, or an unreadable answer. */
export class ProviderError extends Error {
  readonly operation: string;
  readonly status: number;
  readonly codes: string[];
  readonly errorId: string | undefined;

  constructor(
    operation: string,
    status: number,
    items: readonly ProviderErrorItem[],
    errorId?: string,
  ) {
    const codes = items.map((item) => item.code);
    super(
      `payment provider error (${operation}: HTTP ${status}${codes.length ? `, ${codes.join(', ')}` : ''})`,
    );
    this.name = 'ProviderError';
    this.operation = operation;
    this.status = status;
    this.codes = codes;
    this.errorId = errorId;
  }

  /** An answer that is not the provider's documented shape. */
  static malformed(operation: string, status: number): ProviderError {
    return new ProviderError(operation, status, [{ code: 'MALFORMED_ANSWER' }]);
  }
}

export interface PaymentProvider {
  /** Whether a provider is configured; when not, every call throws ProviderUnavailable. */
  readonly configured: boolean;
  /** Where the provider serves card logos, with a trailing slash ('' when not configured). */
  readonly assetUrl: string;
  createSession(input: { customerId: string }): Promise<ProviderSession>;
  createToken(input: CreateTokenInput): Promise<CreateTokenResult>;
  /** undefined when the provider does not know the token. */
  getToken(id: string): Promise<ProviderToken | undefined>;
  /** false when the provider did not know the token. */
  deleteToken(id: string): Promise<boolean>;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** Refunds `amount` minor units, or all that is left. */
  refund(paymentId: string, amount?: number): Promise<ProviderRefund>;
}

interface Answer {
  status: number;
  json: unknown;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export interface PaymentProviderOptions {
  /** Tests may stand in another fetch. */
  fetch?: typeof fetch;
}

/** A client for the configured provider, or one that answers ProviderUnavailable to everything. */
export function createPaymentProvider(
  config: PaymentProviderConfig | undefined,
  options: PaymentProviderOptions = {},
): PaymentProvider {
  const fetchImpl = options.fetch ?? fetch;

  async function send(
    operation: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<Answer> {
    if (!config) throw new ProviderUnavailable(operation, 'not-configured');
    const url = `${config.baseUrl}/v1/${encodeURIComponent(config.merchantId)}${path}`;
    // One deadline for the answer and its body.
    const signal = AbortSignal.timeout(config.timeoutMs);
    try {
      const response = await fetchImpl(url, {
        method,
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal,
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, json };
    } catch (error) {
      throw new ProviderUnavailable(operation, isTimeout(error) ? 'timeout' : 'network', {
        cause: error,
      });
    }
  }

  function failure(operation: string, answer: Answer): ProviderError {
    const parsed = errorBodySchema.safeParse(answer.json);
    if (!parsed.success) return ProviderError.malformed(operation, answer.status);
    return new ProviderError(operation, answer.status, parsed.data.errors, parsed.data.errorId);
  }

  function read<T>(operation: string, answer: Answer, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) throw ProviderError.malformed(operation, answer.status);
    return parsed.data;
  }

  const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
  const errorItems = (answer: Answer) => errorBodySchema.safeParse(answer.json).data?.errors ?? [];
  const isUnknownToken = (answer: Answer) =>
    answer.status === 404 && errorItems(answer).some((item) => item.code === UNKNOWN_TOKEN);
  const tokenPath = (id: string) => `/tokens/${encodeURIComponent(id)}`;

  return {
    configured: config !== undefined,
    assetUrl: config?.assetUrl ?? '',

    async createSession({ customerId }) {
      const answer = await send('createSession', 'POST', '/sessions', { customerId });
      if (!ok(answer)) throw failure('createSession', answer);
      return read('createSession', answer, sessionSchema);
    },

    async createToken(input) {
      const operation = 'createToken';
      const answer = await send(operation, 'POST', '/tokens', {
        encryptedCustomerInput: input.encryptedCustomerInput,
        returnUrl: input.returnUrl,
        ...(input.reference === undefined ? {} : { reference: input.reference }),
      });
      if (ok(answer)) {
        const { token, redirectUrl } = read(operation, answer, createTokenSchema);
        if (token.status === 'CREATED') return { outcome: 'created', token };
        if (token.status === 'AUTHENTICATION_FAILED') {
          return { outcome: 'refused', reason: 'authentication-failed', code: '61007' };
        }
        // The browser is sent there: a web address only (the bank's page may be on any host),
        // and plain HTTP only from a provider itself reached over plain HTTP (the sandbox).
        if (!redirectUrl || !isBrowserAddress(redirectUrl, config?.baseUrl))
          throw ProviderError.malformed(operation, answer.status);
        return { outcome: 'pending-authentication', token, redirectUrl };
      }
      const items = errorItems(answer);
      for (const item of items) {
        const reason = REFUSALS.get(item.code);
        if (reason) return { outcome: 'refused', reason, code: item.code };
      }
      if (items.length > 0 && items.every((item) => item.code === INVALID_VALUE)) {
        return {
          outcome: 'invalid-values',
          fields: items.map((item) => ({
            property: item.propertyName ?? '',
            message: item.message ?? 'invalid',
          })),
        };
      }
      throw failure(operation, answer);
    },

    async getToken(id) {
      const answer = await send('getToken', 'GET', tokenPath(id));
      if (isUnknownToken(answer)) return undefined;
      if (!ok(answer)) throw failure('getToken', answer);
      return read('getToken', answer, tokenSchema);
    },

    async deleteToken(id) {
      const answer = await send('deleteToken', 'DELETE', tokenPath(id));
      if (isUnknownToken(answer)) return false;
      if (!ok(answer)) throw failure('deleteToken', answer);
      return true;
    },

    async createPayment(input) {
      const answer = await send('createPayment', 'POST', '/payments', {
        token: input.token,
        amount: input.amount,
        currency: input.currency,
        orderId: input.orderId,
      });
      if (!ok(answer)) throw failure('createPayment', answer);
      return read('createPayment', answer, paymentSchema);
    },

    async refund(paymentId, amount) {
      const answer = await send(
        'refund',
        'POST',
        `/payments/${encodeURIComponent(paymentId)}/refunds`,
        amount === undefined ? {} : { amount },
      );
      if (!ok(answer)) throw failure('refund', answer);
      return read('refund', answer, refundSchema);
    },
  };
}
