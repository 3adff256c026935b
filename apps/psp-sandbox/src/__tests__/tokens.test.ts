import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../cards/test-cards';
import { sdkPayload } from './helpers/sdk-like-jwe';
import {
  createTestSandbox,
  PUBLIC_URL,
  RETURN_URL,
  START,
  validCard,
  type TestSandbox,
} from './helpers/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await createTestSandbox();
});
afterAll(() => t.close());

interface TokenAnswer {
  token: {
    id: string;
    status: string;
    card: Record<string, unknown>;
  };
  redirectUrl?: string;
}

const errorCodes = (body: unknown) =>
  (body as { errors: { code: string; propertyName?: string }[] }).errors.map((e) =>
    e.propertyName ? `${e.code}:${e.propertyName}` : e.code,
  );

describe('POST tokens: the test cards', () => {
  it('tokenises 4111 1111 1111 1111 as CREATED and answers the card summary only', async () => {
    const res = await t.tokenFor('4111111111111111', {
      values: { expiryDate: '0731', cardholderName: '  Ann   Lee ' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<TokenAnswer>();
    expect(body).toEqual({
      token: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
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

  it('tokenises the MasterCard and the Amex test cards, with different fingerprints', async () => {
    const mc = (await t.tokenFor('5555555555554444')).json<TokenAnswer>();
    const amex = (
      await t.tokenFor('378282246310005', { values: { cvv: '1234' } })
    ).json<TokenAnswer>();
    expect(mc.token).toMatchObject({
      status: 'CREATED',
      card: { productId: 3, brand: 'MasterCard', last4: '4444' },
    });
    expect(amex.token).toMatchObject({
      status: 'CREATED',
      card: { productId: 2, brand: 'American Express', last4: '0005' },
    });
    expect(mc.token.card.fingerprint).not.toBe(amex.token.card.fingerprint);
  });

  it('gives the same card the same fingerprint, and a new token each time', async () => {
    const a = (await t.tokenFor('5555555555554444')).json<TokenAnswer>();
    const b = (
      await t.tokenFor('5555555555554444', { values: { cvv: '999' } })
    ).json<TokenAnswer>();
    expect(a.token.card.fingerprint).toBe(b.token.card.fingerprint);
    expect(a.token.id).not.toBe(b.token.id);
  });

  it('answers PENDING_AUTHENTICATION with a redirect to the 3-D Secure page for 4000 0000 0000 3220', async () => {
    const res = await t.tokenFor('4000000000003220');
    expect(res.statusCode).toBe(201);
    const body = res.json<TokenAnswer>();
    expect(body.token).toMatchObject({ status: 'PENDING_AUTHENTICATION', card: { last4: '3220' } });
    const redirect = new URL(body.redirectUrl!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${PUBLIC_URL}/3ds/${body.token.id}`);
    expect(redirect.searchParams.get('returnUrl')).toBe(RETURN_URL);
    expect(body).not.toHaveProperty('errors');
  });

  it.each([
    ['4000000000000002', '61007'],
    ['4000000000009995', '430712'],
  ])('fails %s with HTTP 402 and code %s, keeping no token', async (number, code) => {
    const before = t.app.sandbox.store.snapshot().tokens.length;
    const res = await t.tokenFor(number);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      errorId: expect.any(String) as string,
      errors: [expect.objectContaining({ code, httpStatusCode: 402 })],
    });
    expect(t.app.sandbox.store.snapshot().tokens).toHaveLength(before);
  });

  it('refuses the Diners Club card with 61008, whether the JWE claims Diners or Visa', async () => {
    for (const productId of [132, 1]) {
      const res = await t.tokenFor('30569309025904', { productId });
      expect(res.statusCode).toBe(402);
      expect(errorCodes(res.json())).toEqual(['61008']);
    }
  });

  it('refuses a card number of an unknown IIN with 300450', async () => {
    const res = await t.tokenFor('9999990000000006', { productId: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [{ code: '300450', message: 'UNKNOWN IIN', propertyName: 'cardNumber' }],
    });
  });

  it('refuses a card number that is not of the product the JWE names', async () => {
    const res = await t.tokenFor('5555555555554444', { productId: 1 });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res.json())).toEqual(['1100:paymentProductId']);
  });

  it('covers every documented test card', async () => {
    const statusByOutcome: Record<string, number> = {
      approved: 201,
      challenge: 201,
      authenticationFailed: 402,
      declined: 402,
      notAccepted: 402,
      unknownIin: 400,
    };
    for (const card of TEST_CARDS) {
      const productId = card.number.startsWith('9') ? 1 : undefined;
      const res = await t.tokenFor(card.number, {
        ...(productId ? { productId } : {}),
        values: { cvv: card.number.startsWith('37') ? '1234' : '123' },
      });
      expect([card.number, res.statusCode]).toEqual([card.number, statusByOutcome[card.outcome]]);
    }
  });
});

describe('POST tokens: what it refuses', () => {
  it('refuses bad card values with one field error each, never quoting them', async () => {
    const res = await t.tokenFor('4111111111111112', {
      values: { expiryDate: '1025', cvv: '12', cardholderName: 'A' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res.json())).toEqual([
      '1100:cardNumber',
      '1100:expiryDate',
      '1100:cvv',
      '1100:cardholderName',
    ]);
    expect(res.body).not.toContain('4111111111111112');
  });

  it.each([
    [{ cardNumber: '41111111111' }, 'cardNumber'],
    [{ cardNumber: '4111 1111 1111 1111 1111' }, 'cardNumber'],
    [{ expiryDate: '1330' }, 'expiryDate'],
    [{ expiryDate: '12/30' }, 'expiryDate'],
    [{ expiryDate: '1060' }, 'expiryDate'],
    [{ cvv: '12345' }, 'cvv'],
    [{ cvv: '12a' }, 'cvv'],
    [{ cardholderName: 'x'.repeat(51) }, 'cardholderName'],
    [{ cardholderName: undefined }, 'cardholderName'],
  ])('refuses %j', async (values, field) => {
    const res = await t.tokenFor('4111111111111111', { values });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res.json())).toEqual([`1100:${field}`]);
  });

  it('accepts a card that expires this month and refuses last month', async () => {
    // START is November 2026.
    expect(
      (await t.tokenFor('4111111111111111', { values: { expiryDate: '1126' } })).statusCode,
    ).toBe(201);
    expect(
      (await t.tokenFor('4111111111111111', { values: { expiryDate: '1026' } })).statusCode,
    ).toBe(400);
  });

  it('refuses a replayed encryptedCustomerInput, and any other JWE reusing its nonce', async () => {
    const { clientSessionId } = await t.newSession();
    const nonce = 'ab'.repeat(16);
    const post = (encryptedCustomerInput: string) =>
      t.server('POST', '/tokens', { encryptedCustomerInput, returnUrl: RETURN_URL });
    const encryptedCustomerInput = t.encrypt(
      sdkPayload(clientSessionId, 1, validCard('4111111111111111'), nonce),
    );
    expect((await post(encryptedCustomerInput)).statusCode).toBe(201);

    const replay = await post(encryptedCustomerInput);
    expect(replay.statusCode).toBe(400);
    expect(errorCodes(replay.json())).toEqual(['1202']);

    const sameNonce = t.encrypt(
      sdkPayload(clientSessionId, 3, validCard('5555555555554444'), nonce),
    );
    expect(errorCodes((await post(sameNonce)).json())).toEqual(['1202']);
  });

  it('refuses a JWE of an unknown or expired client session', async () => {
    const unknown = t.encrypt(
      sdkPayload('0123456789abcdef0123456789abcdef', 1, validCard('4111111111111111')),
    );
    const res = await t.server('POST', '/tokens', {
      encryptedCustomerInput: unknown,
      returnUrl: RETURN_URL,
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res.json())).toEqual(['1201']);

    const { clientSessionId } = await t.newSession();
    t.clock.now = START + 2 * 60 * 60 * 1000;
    const late = await t.tokenFor('4111111111111111', { clientSessionId });
    t.clock.now = START;
    expect(errorCodes(late.json())).toEqual(['1201']);
  });

  it.each([
    ['not a JWE', 'abc'],
    ['a tampered JWE', 'TAMPER'],
  ])('refuses %s with 1200', async (_case, value) => {
    let encryptedCustomerInput = value;
    if (value === 'TAMPER') {
      const { clientSessionId } = await t.newSession();
      const parts = t
        .encrypt(sdkPayload(clientSessionId, 1, validCard('4111111111111111')))
        .split('.');
      parts[3] = Buffer.from(parts[3]!, 'base64url').reverse().toString('base64url');
      encryptedCustomerInput = parts.join('.');
    }
    const res = await t.server('POST', '/tokens', {
      encryptedCustomerInput,
      returnUrl: RETURN_URL,
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res.json())).toEqual(['1200:encryptedCustomerInput']);
  });

  it.each([
    'javascript:alert(1)',
    'ftp://portal.test/x',
    '/relative',
    'http://user:pw@portal.test/',
  ])('refuses the returnUrl %s', async (returnUrl) => {
    const { clientSessionId } = await t.newSession();
    const res = await t.server('POST', '/tokens', {
      encryptedCustomerInput: t.encrypt(
        sdkPayload(clientSessionId, 1, validCard('4111111111111111')),
      ),
      returnUrl,
    });
    expect(res.statusCode).toBe(400);
    expect(errorCodes(res.json())).toEqual(['1000:returnUrl']);
  });

  it('refuses a body without encryptedCustomerInput or returnUrl', async () => {
    const missing = await t.server('POST', '/tokens', { returnUrl: RETURN_URL });
    expect(errorCodes(missing.json())).toEqual(['1000:encryptedCustomerInput']);
    const noReturn = await t.server('POST', '/tokens', { encryptedCustomerInput: 'x' });
    expect(errorCodes(noReturn.json())).toEqual(['1000:returnUrl']);
  });
});

describe('what is kept of a card', () => {
  it('keeps nothing of the number but the last 4, and never the CVV', async () => {
    const number = '4111111111111111';
    const cvv = '987';
    const created = await t.tokenFor(number, { values: { cvv } });
    const challenged = await t.tokenFor('4000000000003220', { values: { cvv } });
    const read = await t.server('GET', `/tokens/${created.json<TokenAnswer>().token.id}`);

    const stored = JSON.stringify(t.app.sandbox.store.snapshot());
    for (const text of [stored, created.body, challenged.body, read.body]) {
      expect(text).not.toContain(number);
      expect(text).not.toContain('4000000000003220');
      expect(text).not.toContain('411111');
      expect(text).not.toContain(`"${cvv}"`);
    }
    const token = t.app.sandbox.store.getToken(created.json<TokenAnswer>().token.id)!;
    expect(Object.keys(token).sort()).toEqual([
      'atPayment',
      'card',
      'createdAt',
      'id',
      'returnUrl',
      'status',
    ]);
    expect(Object.keys(token.card).sort()).toEqual([
      'brand',
      'expiryMonth',
      'expiryYear',
      'fingerprint',
      'holderName',
      'last4',
      'productId',
    ]);
  });

  it('keeps the reference when given', async () => {
    const { clientSessionId } = await t.newSession();
    const res = await t.server('POST', '/tokens', {
      encryptedCustomerInput: t.encrypt(
        sdkPayload(clientSessionId, 1, validCard('4111111111111111')),
      ),
      returnUrl: RETURN_URL,
      reference: 'user-42',
    });
    expect(t.app.sandbox.store.getToken(res.json<TokenAnswer>().token.id)?.reference).toBe(
      'user-42',
    );
  });
});

describe('GET and DELETE tokens/{id}', () => {
  it('reads a token and deletes it once', async () => {
    const { token } = (await t.tokenFor('5555555555554444')).json<TokenAnswer>();
    const read = await t.server('GET', `/tokens/${token.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(token);

    expect((await t.server('DELETE', `/tokens/${token.id}`)).statusCode).toBe(204);
    const gone = await t.server('GET', `/tokens/${token.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorCodes(gone.json())).toEqual(['1300:tokenId']);
    expect((await t.server('DELETE', `/tokens/${token.id}`)).statusCode).toBe(404);
  });
});
