import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../cards/test-cards';
import { createTestSandbox, START, type TestSandbox } from './helpers/sandbox';

let t: TestSandbox;
let session: { clientSessionId: string; customerId: string };
beforeAll(async () => {
  t = await createTestSandbox();
  session = await t.newSession('customer-7');
});
afterAll(() => t.close());

const client = (
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; authorization?: string; customerId?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/client/v1/${options.customerId ?? session.customerId}/${path}`,
    headers: {
      authorization: options.authorization ?? `GCS v1Client:${session.clientSessionId}`,
      'x-gcs-clientmetainfo': Buffer.from(
        '{"sdkIdentifier":"JavaScriptClientSDK/v6.0.6"}',
      ).toString('base64'),
      origin: 'http://portal.test',
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });

const iin = (bin: string) => client('POST', 'services/getIINdetails', { body: { bin } });

describe('client API authentication', () => {
  const unauthorized = {
    errorId: expect.any(String) as string,
    errors: [
      {
        code: '9002',
        id: 'MISSING_OR_INVALID_AUTHORIZATION',
        message: 'MISSING_OR_INVALID_AUTHORIZATION',
        httpStatusCode: 401,
      },
    ],
  };

  it.each([
    ['no header', ''],
    ['an unknown session', 'GCS v1Client:0123456789abcdef0123456789abcdef'],
    ['a bearer key', 'Bearer test-api-key'],
  ])('answers 401 in the provider shape for %s', async (_case, authorization) => {
    const res = await client('GET', 'crypto/publickey', { authorization });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorized);
    // The browser must be able to read the error too.
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it("refuses a session used under another customer's path", async () => {
    const res = await client('GET', 'products', { customerId: 'someone-else' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a session after its 2 hours', async () => {
    const short = await t.newSession('customer-late');
    const at = (customerId: string) =>
      client('GET', 'products', {
        customerId,
        authorization: `GCS v1Client:${short.clientSessionId}`,
      });
    t.clock.now = START + 2 * 60 * 60 * 1000 - 1;
    expect((await at('customer-late')).statusCode).toBe(200);
    t.clock.now = START + 2 * 60 * 60 * 1000;
    expect((await at('customer-late')).statusCode).toBe(401);
    t.clock.now = START;
  });

  it('checks authentication before the body', async () => {
    const res = await client('POST', 'services/getIINdetails', {
      authorization: 'GCS v1Client:nope',
      body: { bin: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('CORS', () => {
  it('answers the preflight with the headers the SDK sends', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/client/v1/${session.customerId}/services/getIINdetails`,
      headers: {
        origin: 'http://portal.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-gcs-clientmetainfo',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'x-gcs-clientmetainfo', 'content-type']),
    );
  });

  it('never opens the server API to browsers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/sandbox/sessions',
      headers: { origin: 'http://portal.test', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const post = await t.server('POST', '/sessions', {});
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET crypto/publickey', () => {
  it('answers the key id and an RSA-2048 SubjectPublicKeyInfo in base64 DER', async () => {
    const res = await client('GET', 'crypto/publickey');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ keyId: string; publicKey: string }>();
    expect(body.keyId).toBe(t.app.sandbox.key.keyId);
    const key = createPublicKey({
      key: Buffer.from(body.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });
});

describe('GET products', () => {
  it('lists the accepted card products, with logos under the asset URL', async () => {
    const res = await client(
      'GET',
      'products?countryCode=GB&currencyCode=EUR&amount=0&isRecurring=false&locale=en_GB&hide=fields&cacheBust=1',
    );
    expect(res.statusCode).toBe(200);
    const { paymentProducts } = res.json<{
      paymentProducts: {
        id: number;
        paymentMethod: string;
        allowsTokenization: boolean;
        displayHints: { label: string; logo: string; displayOrder: number };
      }[];
    }>();
    expect(
      paymentProducts.map((p) => [
        p.id,
        p.displayHints.label,
        p.paymentMethod,
        p.allowsTokenization,
      ]),
    ).toEqual([
      [1, 'Visa', 'card', true],
      [2, 'American Express', 'card', true],
      [3, 'MasterCard', 'card', true],
    ]);
    expect(paymentProducts.map((p) => p.displayHints.displayOrder)).toEqual([0, 1, 2]);
    for (const product of paymentProducts) {
      const logo = await t.app.inject({ url: `/assets/${product.displayHints.logo}` });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.body).toMatch(/^<svg /);
    }
  });
});

describe('GET products/{id}', () => {
  it('describes the card fields of Visa', async () => {
    const res = await client(
      'GET',
      'products/1?countryCode=GB&currencyCode=EUR&amount=0&isRecurring=false',
    );
    expect(res.statusCode).toBe(200);
    const product = res.json<{
      id: number;
      fields: {
        id: string;
        dataRestrictions: { isRequired: boolean; validators: Record<string, unknown> };
        displayHints: { mask?: string; obfuscate: boolean };
      }[];
    }>();
    expect(product.id).toBe(1);
    const fields = Object.fromEntries(product.fields.map((field) => [field.id, field]));
    expect(Object.keys(fields)).toEqual(['cardNumber', 'expiryDate', 'cvv', 'cardholderName']);
    expect(fields.cardNumber).toMatchObject({
      type: 'numericstring',
      dataRestrictions: {
        isRequired: true,
        validators: { luhn: {}, length: { minLength: 12, maxLength: 19 } },
      },
      displayHints: { mask: '{{9999}} {{9999}} {{9999}} {{9999}}' },
    });
    expect(fields.expiryDate).toMatchObject({
      type: 'expirydate',
      dataRestrictions: { validators: { expirationDate: {} } },
      displayHints: { mask: '{{99}}/{{99}}' },
    });
    expect(fields.cvv).toMatchObject({
      dataRestrictions: { validators: { length: { minLength: 3, maxLength: 4 } } },
      displayHints: { obfuscate: true },
    });
    expect(fields.cardholderName).toMatchObject({ type: 'string' });
  });

  it.each(['132', '999', 'abc'])('answers 404 UNKNOWN_PRODUCT_ID for product %s', async (id) => {
    const res = await client('GET', `products/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: [{ code: '1007', id: 'UNKNOWN_PRODUCT_ID' }] });
  });
});

describe('POST services/getIINdetails', () => {
  const expected: Record<string, { status: number; body: unknown }> = {
    approved: { status: 200, body: { countryCode: 'GB', isAllowedInContext: true } },
    challenge: { status: 200, body: { paymentProductId: 1, isAllowedInContext: true } },
    authenticationFailed: { status: 200, body: { paymentProductId: 1, isAllowedInContext: true } },
    declined: { status: 200, body: { paymentProductId: 1, isAllowedInContext: true } },
    notAccepted: { status: 200, body: { paymentProductId: 132, isAllowedInContext: false } },
    unknownIin: {
      status: 404,
      body: { errors: [{ code: '300450', message: 'UNKNOWN IIN', httpStatusCode: 404 }] },
    },
  };

  it.each(TEST_CARDS.map((card) => [card.number, card]))(
    'answers the test card %s by its first 6 and first 8 digits',
    async (number, card) => {
      for (const bin of [number.slice(0, 6), number.slice(0, 8)]) {
        const res = await iin(bin);
        const outcome = expected[card.outcome]!;
        expect(res.statusCode).toBe(outcome.status);
        expect(res.json()).toMatchObject(outcome.body as Record<string, unknown>);
      }
    },
  );

  it('names the product of each accepted test card', async () => {
    expect((await iin('41111111')).json()).toEqual({
      paymentProductId: 1,
      countryCode: 'GB',
      isAllowedInContext: true,
    });
    expect((await iin('37828224')).json()).toMatchObject({ paymentProductId: 2 });
    expect((await iin('55555555')).json()).toMatchObject({ paymentProductId: 3 });
    expect((await iin('22210000')).json()).toMatchObject({ paymentProductId: 3 });
  });

  it.each(['12345', '4111abcd', ''])('refuses the malformed bin "%s"', async (bin) => {
    const res = await iin(bin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ code: '1000', propertyName: 'bin' }] });
  });
});
