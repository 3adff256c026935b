import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encryptCard,
  productIdOf,
  startTestProvider,
  testCard,
  type CardInput,
  type TestProvider,
} from '../../../test/payment-provider';
import { loadEnv } from '../../config/env';
import {
  createPaymentProvider,
  ProviderError,
  ProviderUnavailable,
  type PaymentProvider,
} from '../payment-provider';
import { isBrowserAddress } from '../payment-provider';
import {
  paymentProviderConfig,
  paymentProviderOrigins,
  type PaymentProviderConfig,
} from '../payment-provider-config';

let provider: TestProvider;
let config: PaymentProviderConfig;
let client: PaymentProvider;
beforeAll(async () => {
  provider = await startTestProvider();
  config = paymentProviderConfig(loadEnv({ NODE_ENV: 'test', ...provider.env }))!;
  client = createPaymentProvider(config);
});
afterAll(() => provider.close());

const RETURN_URL = 'http://localhost:3000/account/cards?cardId=c1&threeDS=return';

async function tokenise(cardNumber: string, values: CardInput = {}, productId?: number) {
  const session = await client.createSession({ customerId: 'customer-1' });
  const encryptedCustomerInput = await encryptCard(
    session,
    testCard(cardNumber, values),
    productId ?? productIdOf(cardNumber),
  );
  return client.createToken({ encryptedCustomerInput, returnUrl: RETURN_URL, reference: 'c1' });
}

describe('the 3-D Secure address the browser is sent to', () => {
  it('is a web address: https, or http only from a provider reached over http', () => {
    expect(isBrowserAddress('https://acs.bank.example/3ds?x=1', 'https://psp.example')).toBe(true);
    expect(isBrowserAddress('http://127.0.0.1:4000/3ds/t1', 'http://127.0.0.1:4000')).toBe(true);
    expect(isBrowserAddress('http://acs.bank.example/3ds', 'https://psp.example')).toBe(false);
    expect(isBrowserAddress('javascript:alert(1)', 'http://127.0.0.1:4000')).toBe(false);
    expect(isBrowserAddress('data:text/html,hi', 'http://127.0.0.1:4000')).toBe(false);
    expect(isBrowserAddress('https://user:pw@acs.bank.example/', 'https://psp.example')).toBe(
      false,
    );
    expect(isBrowserAddress('/relative', 'https://psp.example')).toBe(false);
  });
});

describe('payment provider config', () => {
  it('reads PSP_URL, PSP_API_KEY and PSP_MERCHANT_ID, and the asset URL beside them', () => {
    expect(
      paymentProviderConfig(
        loadEnv({ PSP_URL: 'https://psp.example/', PSP_API_KEY: 'k', PSP_MERCHANT_ID: 'm1' }),
      ),
    ).toEqual({
      baseUrl: 'https://psp.example',
      apiKey: 'k',
      merchantId: 'm1',
      assetUrl: 'https://psp.example/assets/',
      cvvCacheUrl: 'https://psp.example/ingenico/cacheCvv',
      timeoutMs: 10_000,
    });
  });

  it('is absent without a URL, and without a key in production; the sandbox key otherwise', () => {
    expect(paymentProviderConfig(loadEnv({}))).toBeUndefined();
    expect(
      paymentProviderConfig(
        loadEnv({
          NODE_ENV: 'production',
          OPS_API_KEY: 'k'.repeat(32),
          MAIL_CAPTURE: '1',
          PSP_URL: 'https://psp.example',
        }),
      ),
    ).toBeUndefined();
    expect(
      paymentProviderConfig(loadEnv({ NODE_ENV: 'development', PSP_URL: 'http://127.0.0.1:3100' })),
    ).toMatchObject({ apiKey: 'sandbox-api-key', merchantId: 'sandbox' });
  });

  it("names the origins browsers reach the provider at, for the pages' CSP", () => {
    expect(paymentProviderOrigins(loadEnv({}))).toEqual([]);
    expect(
      paymentProviderOrigins(loadEnv({ PSP_URL: 'https://psp.example/server/', PSP_API_KEY: 'k' })),
    ).toEqual(['https://psp.example']);
    expect(
      paymentProviderOrigins(
        loadEnv({
          PSP_URL: 'https://api.psp.example',
          PSP_API_KEY: 'k',
          PSP_CLIENT_URL: 'https://client.psp.example/client',
        }),
      ),
    ).toEqual(['https://api.psp.example', 'https://client.psp.example']);
  });
});

describe('payment provider client', () => {
  it('opens a client session for a customer, with what the SDK needs', async () => {
    const session = await client.createSession({ customerId: 'customer-1' });
    expect(session).toEqual({
      clientSessionId: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
      customerId: 'customer-1',
      clientApiUrl: `${provider.psp.url}/client`,
      assetUrl: `${provider.psp.url}/assets/`,
    });
    expect(client.assetUrl).toBe(`${provider.psp.url}/assets/`);
    expect(client.cvvCacheUrl).toBe(`${provider.psp.url}/ingenico/cacheCvv`);
  });

  it('tokenises a card: created, with the card summary', async () => {
    const result = await tokenise('4111111111111111', { expiryDate: '0731' });
    expect(result).toEqual({
      outcome: 'created',
      token: {
        id: expect.any(String) as string,
        status: 'CREATED',
        card: {
          productId: 1,
          brand: 'Visa',
          last4: '1111',
          expiryMonth: 7,
          expiryYear: 2031,
          holderName: 'Ann Lee',
          fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
        },
      },
    });
  });

  it('answers pending-authentication with the 3-D Secure redirect', async () => {
    const result = await tokenise('4000000000003220');
    expect(result).toMatchObject({
      outcome: 'pending-authentication',
      token: { status: 'PENDING_AUTHENTICATION', card: { last4: '3220' } },
    });
    if (result.outcome !== 'pending-authentication') throw new Error('unreachable');
    const redirect = new URL(result.redirectUrl);
    expect(redirect.pathname).toBe(`/3ds/${result.token.id}`);
    expect(redirect.searchParams.get('returnUrl')).toBe(RETURN_URL);
  });

  it.each([
    ['4000000000000002', 'authentication-failed', '61007'],
    ['4000000000009995', 'declined-by-issuer', '430712'],
    ['30569309025904', 'card-type-not-accepted', '61008'],
    ['9999990000000006', 'unknown-card', '300450'],
  ])('maps the refusal of %s to %s (%s)', async (cardNumber, reason, code) => {
    expect(await tokenise(cardNumber)).toEqual({ outcome: 'refused', reason, code });
  });

  it('answers the wrong card values field by field', async () => {
    const result = await tokenise('4111111111111112', { expiryDate: '0120', cvv: '1' });
    expect(result).toMatchObject({ outcome: 'invalid-values' });
    if (result.outcome !== 'invalid-values') throw new Error('unreachable');
    expect(result.fields.map((f) => f.property)).toEqual(['cardNumber', 'expiryDate', 'cvv']);
  });

  it('throws a ProviderError for the errors it has no outcome for', async () => {
    const error = await client
      .createToken({ encryptedCustomerInput: 'a.b.c.d.e', returnUrl: RETURN_URL })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ operation: 'createToken', status: 400, codes: ['1200'] });
  });

  it('reads and deletes a token; an unknown one is undefined / false', async () => {
    const result = await tokenise('5555555555554444');
    if (result.outcome !== 'created') throw new Error('unreachable');
    expect(await client.getToken(result.token.id)).toEqual(result.token);
    expect(await client.deleteToken(result.token.id)).toBe(true);
    expect(await client.getToken(result.token.id)).toBeUndefined();
    expect(await client.deleteToken(result.token.id)).toBe(false);
  });

  it('takes a payment idempotently by order id, and refunds it', async () => {
    const result = await tokenise('378282246310005', { cvv: '1234' });
    if (result.outcome !== 'created') throw new Error('unreachable');
    const order = { token: result.token.id, amount: 3800, currency: 'GBP', orderId: 'order-1' };
    const payment = await client.createPayment(order);
    expect(payment).toEqual({
      paymentId: expect.any(String) as string,
      status: 'CAPTURED',
      amount: 3800,
      currency: 'GBP',
      orderId: 'order-1',
      refundedAmount: 0,
    });
    expect(await client.createPayment(order)).toEqual(payment);
    await expect(client.createPayment({ ...order, amount: 100 })).rejects.toMatchObject({
      name: 'ProviderError',
      status: 409,
      codes: ['1401'],
    });
    expect(await client.refund(payment.paymentId, 800)).toMatchObject({
      paymentId: payment.paymentId,
      status: 'REFUNDED',
      amount: 800,
    });
    expect(await client.refund(payment.paymentId)).toMatchObject({ amount: 3000 });
    await expect(client.refund(payment.paymentId, 1)).rejects.toMatchObject({
      codes: ['1402'],
    });
  });

  it('reads the outcome of a payment from the card: 3-D Secure, insufficient funds', async () => {
    const paying = async (cardNumber: string, orderId: string, returnUrl?: string) => {
      const result = await tokenise(cardNumber);
      if (result.outcome !== 'created') throw new Error('unreachable');
      return client.createPayment({
        token: result.token.id,
        amount: 1250,
        currency: 'GBP',
        orderId,
        ...(returnUrl ? { returnUrl } : {}),
      });
    };
    const challenged = await paying('4000002760003184', 'order-3ds', RETURN_URL);
    expect(challenged).toMatchObject({ status: 'PENDING_AUTHENTICATION' });
    expect(challenged.redirectUrl).toContain(`/3ds/payments/${challenged.paymentId}`);
    expect(await client.getPayment(challenged.paymentId)).toEqual(challenged);

    const broke = await paying('4000000000000341', 'order-broke');
    expect(broke).toMatchObject({ status: 'REJECTED', errorCode: '430285' });
  });

  it("finds an order's payment when the answer to the payment was lost", async () => {
    const result = await tokenise('4000000000000119');
    if (result.outcome !== 'created') throw new Error('unreachable');
    const order = { token: result.token.id, amount: 900, currency: 'GBP', orderId: 'order-lost' };
    await expect(client.createPayment(order)).rejects.toMatchObject({
      status: 504,
      codes: ['9504'],
    });
    const found = await client.findPaymentForOrder('order-lost');
    expect(found).toMatchObject({ status: 'CAPTURED', amount: 900, orderId: 'order-lost' });
    expect(await client.createPayment(order)).toEqual(found);
    expect(await client.findPaymentForOrder('order-never')).toBeUndefined();
    expect(await client.getPayment('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('refuses a wrong API key with a ProviderError', async () => {
    const wrong = createPaymentProvider({ ...config, apiKey: 'wrong' });
    await expect(wrong.createSession({ customerId: 'x' })).rejects.toMatchObject({
      name: 'ProviderError',
      status: 401,
      codes: ['9002'],
    });
  });
});

describe('payment provider client, when the provider cannot be reached', () => {
  const servers: http.Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function serve(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('is ProviderUnavailable when nothing listens', async () => {
    const url = await serve(() => undefined);
    servers.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const down = createPaymentProvider({ ...config, baseUrl: url });
    const error = await down.createSession({ customerId: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error).toMatchObject({ operation: 'createSession', reason: 'network' });
  });

  it('is ProviderUnavailable (timeout) when the provider does not answer in time', async () => {
    const url = await serve(() => undefined); // never answers
    const slow = createPaymentProvider({ ...config, baseUrl: url, timeoutMs: 100 });
    const error = await slow
      .createToken({ encryptedCustomerInput: 'secret.jwe.a.b.c', returnUrl: RETURN_URL })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error).toMatchObject({ operation: 'createToken', reason: 'timeout' });
    // The error carries nothing of the request.
    expect(JSON.stringify(error)).not.toContain('secret.jwe');
    expect(String((error as Error).message)).not.toContain('secret.jwe');
  });

  it('is a ProviderError for an answer that is not the provider’s', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>');
    });
    const odd = createPaymentProvider({ ...config, baseUrl: url });
    await expect(odd.getToken('t1')).rejects.toMatchObject({
      name: 'ProviderError',
      status: 200,
      codes: ['MALFORMED_ANSWER'],
    });
  });

  it('is ProviderUnavailable (not configured) without a provider', async () => {
    const none = createPaymentProvider(undefined);
    expect(none.configured).toBe(false);
    expect(none.assetUrl).toBe('');
    await expect(none.deleteToken('t1')).rejects.toMatchObject({
      name: 'ProviderUnavailable',
      reason: 'not-configured',
    });
  });
});
