// @vitest-environment jsdom
import type * as SdkModule from 'connect-sdk-client-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openCompactJwe } from '../jwe';
import { startSandbox, type RunningSandbox } from '../start';

/**
 * The provider's real browser SDK (connect-sdk-client-js) against a sandbox on a real port: it
 * fetches the public key and product 1, checks the IIN, encrypts, and the sandbox opens it.
 *
 * jsdom has no fetch of its own, so the SDK runs on Node's, which does not enforce CORS. The
 * requests are therefore recorded here and checked against the preflight the sandbox answers
 * (client-api.test.ts checks that answer itself).
 */

type Sdk = typeof SdkModule;

const API_KEY = 'sdk-test-key';
let sandbox: RunningSandbox;
let sdk: Sdk;

async function serverCall<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sandbox.url}/v1/sandbox${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', apiKey: API_KEY });
  // node-forge inside the SDK picks Node's random source under jsdom, which jsdom lacks;
  // pretending to be node-webkit makes it use the browser's (jsdom's) crypto instead.
  const versions = process.versions as Record<string, string | undefined>;
  versions['node-webkit'] = 'x';
  try {
    sdk = await import('connect-sdk-client-js');
  } finally {
    delete versions['node-webkit'];
  }
});
afterAll(() => sandbox.close());

const paymentDetails = {
  totalAmount: 0,
  countryCode: 'GB',
  currency: 'EUR',
  isRecurring: false,
  locale: 'en_GB',
};

describe('connect-sdk-client-js 6 against the sandbox', () => {
  it('encrypts a card that the sandbox decrypts, and tokenises it', async () => {
    const created = await serverCall<{
      clientSessionId: string;
      customerId: string;
      clientApiUrl: string;
      assetUrl: string;
    }>('/sessions', { customerId: 'sdk-customer' });
    expect(created.status).toBe(201);
    const details = created.body;
    expect(details.clientApiUrl).toBe(`${sandbox.url}/client`);

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const session = new sdk.Session(details);
    const publicKey = await session.getPublicKey();
    expect(publicKey.keyId).toBe(sandbox.app.sandbox.key.keyId);

    const products = await session.getBasicPaymentProducts(paymentDetails);
    expect(products.basicPaymentProducts.map((p) => p.id)).toEqual([1, 2, 3]);
    // The SDK joins the relative logo with the asset URL.
    expect(products.basicPaymentProducts[0]?.displayHints.logo).toBe(
      `${sandbox.url}/assets/logos/visa.svg`,
    );

    const iin = await session.getIinDetails('4111 1111', paymentDetails);
    expect(iin.status).toBe('SUPPORTED');
    expect(iin.paymentProductId).toBe(1);

    const product = await session.getPaymentProduct(1, paymentDetails);
    expect(product.paymentProductFields.map((field) => field.id)).toEqual([
      'cardNumber',
      'expiryDate',
      'cvv',
      'cardholderName',
    ]);

    const sdkRequests = fetchSpy.mock.calls.map(([input, init]) => ({
      url: input instanceof Request ? input.url : String(input),
      headers: new Headers(init?.headers),
    }));
    fetchSpy.mockRestore();
    const base = `${sandbox.url}/client/v1/sdk-customer/`;
    expect(sdkRequests.map((r) => r.url.slice(base.length).split('?')[0])).toEqual([
      'crypto/publickey',
      'products',
      'services/getIINdetails',
      'products/1',
    ]);
    const preflight = await fetch(`${base}services/getIINdetails`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://portal.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-gcs-clientmetainfo',
      },
    });
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '')
      .toLowerCase()
      .split(/,\s*/);
    for (const { headers } of sdkRequests) {
      expect(headers.get('authorization')).toBe(`GCS v1Client:${details.clientSessionId}`);
      const meta = JSON.parse(atob(headers.get('x-gcs-clientmetainfo')!)) as Record<string, string>;
      expect(meta.sdkIdentifier).toBe('JavaScriptClientSDK/v6.0.6');
      for (const name of headers.keys()) expect(allowed).toContain(name);
    }

    const request = session.getPaymentRequest();
    request.setPaymentProduct(product);
    request.setValue('cardNumber', '4111 1111 1111 1111');
    request.setValue('expiryDate', '12/30');
    request.setValue('cvv', '123');
    request.setValue('cardholderName', 'Zoë Ørsted');
    expect(request.validate()).toEqual([]);
    const encrypted = await session.getEncryptor().encrypt(request);

    const opened = JSON.parse(openCompactJwe(encrypted, sandbox.app.sandbox.key)) as {
      clientSessionId: string;
      nonce: string;
      paymentProductId: number;
      paymentValues: { key: string; value: string }[];
    };
    expect(opened.clientSessionId).toBe(details.clientSessionId);
    expect(opened.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(opened.paymentProductId).toBe(1);
    expect(Object.fromEntries(opened.paymentValues.map((v) => [v.key, v.value]))).toEqual({
      cardNumber: '4111111111111111',
      expiryDate: '1230',
      cvv: '123',
      // Latin-1 names survive because the sandbox decodes the plaintext as Latin-1.
      cardholderName: 'Zoë Ørsted',
    });

    const token = await serverCall<{
      token: { status: string; card: { last4: string; holderName: string } };
    }>('/tokens', { encryptedCustomerInput: encrypted, returnUrl: 'http://portal.test/cards' });
    expect(token.status).toBe(201);
    expect(token.body.token).toMatchObject({
      status: 'CREATED',
      card: { last4: '1111', holderName: 'Zoë Ørsted' },
    });
  });

  it('reports the Diners Club card as existing but not allowed, and an unknown BIN as unknown', async () => {
    const { body: details } = await serverCall<{
      clientSessionId: string;
      customerId: string;
      clientApiUrl: string;
      assetUrl: string;
    }>('/sessions', {});
    const session = new sdk.Session(details);

    const diners = await session.getIinDetails('30569309', paymentDetails);
    expect(diners.status).toBe('EXISTING_BUT_NOT_ALLOWED');
    expect(diners.paymentProductId).toBe(132);

    const unknown = await session.getIinDetails('99999900', paymentDetails).then(
      () => undefined,
      (err: unknown) => err,
    );
    // What the portal sees for 'Card not recognized': a ResponseError carrying the 404 body.
    expect(unknown).toBeInstanceOf(sdk.ResponseError);
    const error = unknown as InstanceType<Sdk['ResponseError']>;
    expect(error.message).toBe('UNKNOWN');
    expect(error.status).toBe(404);
    expect(error.data).toMatchObject({ errors: [{ code: '300450', message: 'UNKNOWN IIN' }] });
  });
});
