import { calls } from '@portal/contract';
import { randomBytes } from 'node:crypto';
import { startSandbox, type RunningSandbox, type WebhookOptions } from '@portal/psp-sandbox';
import type { CardSession } from '@portal/contract';
import { expect } from 'vitest';
import {
  encryptLikeSdk,
  sdkPayload,
  type CardInput,
} from '../../psp-sandbox/src/__tests__/helpers/sdk-like-jwe';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export type { CardInput };

/** The provider's stand-in, listening on a free port of this machine, and the env that reaches it. */
export interface TestProvider {
  psp: RunningSandbox;
  env: { PSP_URL: string; PSP_API_KEY: string };
  /** What the provider signs its webhooks with; absent without a webhookUrl. */
  webhookSecret?: string;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  /**
   * Where the provider POSTs its signed `payment.status` webhooks; absent, it sends none. A
   * function is read at each delivery (a receiver started after the provider).
   */
  webhookUrl?: string | (() => string);
  /** Default: a random one, answered as `webhookSecret`. */
  webhookSecret?: string;
  /**
   * Retries, `duplicates`, `outOfOrder` (+ `holdMs`), `transport` (e.g. deliver by app.inject).
   * Retries wait 10 ms, 20 ms, … here unless told. Wait for deliveries with
   * `provider.psp.webhooks.idle()`, or `flush()` to release what out-of-order mode holds.
   */
  webhooks?: Omit<WebhookOptions, 'url' | 'secret'>;
  /**
   * The provider's clock (ms), default the real one. A webhook's signature time and createdAt
   * come from it: give it the test app's clock (e.g. `() => t.clock.now().getTime()`) when the
   * portal checks the signature's age against its own.
   */
  now?: () => number;
}

export async function startTestProvider(options: TestProviderOptions = {}): Promise<TestProvider> {
  const apiKey = randomBytes(18).toString('base64url');
  const webhooks: WebhookOptions | undefined =
    options.webhookUrl === undefined
      ? undefined
      : {
          retryDelayMs: 10,
          ...options.webhooks,
          url: options.webhookUrl,
          secret: options.webhookSecret ?? randomBytes(24).toString('base64url'),
        };
  const psp = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    apiKey,
    ...(webhooks === undefined ? {} : { webhooks }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return {
    psp,
    env: { PSP_URL: psp.url, PSP_API_KEY: apiKey },
    ...(webhooks === undefined ? {} : { webhookSecret: webhooks.secret }),
    close: () => psp.close(),
  };
}

/** A test app that pays through its own provider stand-in; `close` stops both. */
export async function openWithProvider(options: TestAppOptions = {}) {
  const provider = await startTestProvider();
  const t = await createTestApp({ ...options, env: { ...provider.env, ...options.env } });
  const close = async () => {
    await t.close();
    await provider.close();
  };
  return { provider, t, close };
}

/** A card with a future expiry; tests override what they care about. */
export const testCard = (cardNumber: string, values: CardInput = {}): Required<CardInput> => ({
  cardNumber,
  expiryDate: '1230',
  cvv: '123',
  cardholderName: 'Ann Lee',
  ...values,
});

/** The provider's product id for a test card number (Visa 1, Amex 2, MasterCard 3, Diners 132). */
export function productIdOf(cardNumber: string): number {
  if (cardNumber.startsWith('4')) return 1;
  if (cardNumber.startsWith('34') || cardNumber.startsWith('37')) return 2;
  if (cardNumber.startsWith('5')) return 3;
  if (cardNumber.startsWith('30')) return 132;
  return 1;
}

/**
 * What the browser does with a card session: fetches the provider's public key through the
 * client API, and encrypts the card the way the provider's SDK does.
 */
export async function encryptCard(
  session: CardSession,
  card: CardInput,
  productId: number,
): Promise<string> {
  const response = await fetch(
    `${session.clientApiUrl}/v1/${session.customerId}/crypto/publickey`,
    { headers: { authorization: `GCS v1Client:${session.clientSessionId}` } },
  );
  expect(response.status).toBe(200);
  const key = (await response.json()) as { keyId: string; publicKey: string };
  return encryptLikeSdk(sdkPayload(session.clientSessionId, productId, card), key);
}

/** The member's side of adding a card: a session from the portal, the card encrypted in it. */
export async function encryptedCardFor(
  t: TestApp,
  headers: Record<string, string>,
  card: CardInput,
  productId = productIdOf(card.cardNumber ?? ''),
): Promise<string> {
  const { body } = await t.call(calls.createCardSession, {}, headers);
  expect(body).toMatchObject({ state: '1', errorCode: null });
  return encryptCard(body.result as CardSession, card, productId);
}

/**
 * The cardholder answers the provider's 3-D Secure page; answers where the browser is sent back
 * (the returnUrl given at tokenisation, with the provider's tokenId and outcome).
 */
export async function answerChallenge(
  threeDSRedirectUrl: string,
  decision: 'approve' | 'decline',
): Promise<URL> {
  const page = new URL(threeDSRedirectUrl);
  const response = await fetch(`${page.origin}${page.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decision=${decision}`,
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

/** The provider's word on a token, asked directly (its server API). */
export async function providerToken(
  provider: TestProvider,
  tokenId: string,
): Promise<{ status: number; body: { status?: string } }> {
  const response = await fetch(`${provider.psp.url}/v1/sandbox/tokens/${tokenId}`, {
    headers: { authorization: `Bearer ${provider.env.PSP_API_KEY}` },
  });
  return { status: response.status, body: (await response.json()) as { status?: string } };
}

/** The tokens the provider holds now (the sandbox's memory). */
export const tokensAt = (provider: TestProvider) =>
  provider.psp.app.sandbox.store.snapshot().tokens;
