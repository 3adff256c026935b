import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildSandbox, type SandboxOptions } from '../../app';
import { generateEncryptionKey } from '../../keys';
import { encryptLikeSdk, sdkPayload, type CardInput } from './sdk-like-jwe';

export const PUBLIC_URL = 'http://psp.test';
export const API_KEY = 'test-api-key';
export const MERCHANT = 'sandbox';
export const RETURN_URL = 'http://portal.test/account/cards?from=3ds';
/** 23 Nov 2026, noon UTC. */
export const START = Date.UTC(2026, 10, 23, 12);

// One key pair for every test file's sandboxes: generating RSA keys is the slow part.
const key = await generateEncryptionKey();

export const validCard = (cardNumber: string, values: CardInput = {}): CardInput => ({
  cardNumber,
  expiryDate: '1230',
  cvv: '123',
  cardholderName: 'Ann Lee',
  ...values,
});

export interface TestSandbox {
  app: FastifyInstance;
  clock: { now: number };
  server(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  newSession(customerId?: string): Promise<{ clientSessionId: string; customerId: string }>;
  encrypt(payload: unknown): string;
  tokenFor(
    cardNumber: string,
    options?: { productId?: number; values?: CardInput; clientSessionId?: string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestSandbox(
  options: Pick<SandboxOptions, 'webhooks'> = {},
): Promise<TestSandbox> {
  const clock = { now: START };
  const app = await buildSandbox({
    publicUrl: PUBLIC_URL,
    apiKey: API_KEY,
    key,
    now: () => clock.now,
    checkSchemas: true,
    ...options,
  });

  const server: TestSandbox['server'] = (method, path, body) =>
    app.inject({
      method,
      url: `/v1/${MERCHANT}${path}`,
      headers: { authorization: `Bearer ${API_KEY}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  const newSession: TestSandbox['newSession'] = async (customerId = 'customer-1') => {
    const res = await server('POST', '/sessions', { customerId });
    return res.json<{ clientSessionId: string; customerId: string }>();
  };

  const encrypt = (payload: unknown) => encryptLikeSdk(payload, key);

  const productOf = (cardNumber: string) =>
    cardNumber.startsWith('4') ? 1 : cardNumber.startsWith('3') ? 2 : 3;

  const tokenFor: TestSandbox['tokenFor'] = async (cardNumber, options = {}) => {
    const clientSessionId = options.clientSessionId ?? (await newSession()).clientSessionId;
    const payload = sdkPayload(
      clientSessionId,
      options.productId ?? productOf(cardNumber),
      validCard(cardNumber, options.values),
    );
    return server('POST', '/tokens', {
      encryptedCustomerInput: encrypt(payload),
      returnUrl: RETURN_URL,
    });
  };

  return { app, clock, server, newSession, encrypt, tokenFor, close: () => app.close() };
}
