import type { z } from 'zod';
import type { PaymentProviderConfig } from '../payment-provider-config';
import {
  createTokenSchema,
  errorBodySchema,
  isBrowserAddress,
  paymentSchema,
  refundSchema,
  sessionSchema,
  tokenSchema,
} from './answers';
import {
  INVALID_VALUE,
  ProviderError,
  ProviderUnavailable,
  REFUSALS,
  UNKNOWN_PAYMENT,
  UNKNOWN_TOKEN,
} from './errors';
import type { PaymentProvider } from './types';

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
  const isUnknownPayment = (answer: Answer) =>
    answer.status === 404 && errorItems(answer).some((item) => item.code === UNKNOWN_PAYMENT);
  const tokenPath = (id: string) => `/tokens/${encodeURIComponent(id)}`;

  return {
    configured: config !== undefined,
    assetUrl: config?.assetUrl ?? '',
    cvvCacheUrl: config?.cvvCacheUrl ?? '',

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
        ...(input.returnUrl === undefined ? {} : { returnUrl: input.returnUrl }),
      });
      if (!ok(answer)) throw failure('createPayment', answer);
      return read('createPayment', answer, paymentSchema);
    },

    async getPayment(paymentId) {
      const answer = await send('getPayment', 'GET', `/payments/${encodeURIComponent(paymentId)}`);
      if (isUnknownPayment(answer)) return undefined;
      if (!ok(answer)) throw failure('getPayment', answer);
      return read('getPayment', answer, paymentSchema);
    },

    async findPaymentForOrder(orderId) {
      const query = new URLSearchParams({ orderId }).toString();
      const answer = await send('findPaymentForOrder', 'GET', `/payments?${query}`);
      if (isUnknownPayment(answer)) return undefined;
      if (!ok(answer)) throw failure('findPaymentForOrder', answer);
      return read('findPaymentForOrder', answer, paymentSchema);
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
