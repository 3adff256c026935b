import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSandbox, PUBLIC_URL, START, type TestSandbox } from './helpers/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await createTestSandbox();
});
afterAll(() => t.close());

describe('server API authentication', () => {
  const calls: [string, string][] = [
    ['POST', '/sessions'],
    ['POST', '/tokens'],
    ['GET', '/tokens/x'],
    ['DELETE', '/tokens/x'],
    ['POST', '/payments'],
    ['GET', '/payments/x'],
    ['POST', '/payments/x/refunds'],
  ];

  it.each(calls)(
    '%s %s answers 401 without the API key, or with a wrong one',
    async (method, path) => {
      for (const authorization of [
        undefined,
        'Bearer wrong-key',
        'test-api-key',
        'GCS v1Client:x',
      ]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: `/v1/sandbox${path}`,
          headers: authorization ? { authorization } : {},
          payload: {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          errorId: expect.any(String) as string,
          errors: [
            {
              code: '9002',
              id: 'MISSING_OR_INVALID_AUTHORIZATION',
              message: 'MISSING_OR_INVALID_AUTHORIZATION',
              httpStatusCode: 401,
            },
          ],
        });
      }
    },
  );

  it('answers 403 for another merchant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/other-merchant/sessions',
      headers: { authorization: 'Bearer test-api-key' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errors: [{ code: '9007' }] });
  });
});

describe('POST sessions', () => {
  it('opens a client session for the given customer', async () => {
    const res = await t.server('POST', '/sessions', { customerId: 'member-42' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      clientSessionId: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
      customerId: 'member-42',
      clientApiUrl: `${PUBLIC_URL}/client`,
      assetUrl: `${PUBLIC_URL}/assets/`,
    });
    const { clientSessionId } = res.json<{ clientSessionId: string }>();
    expect(t.app.sandbox.store.getSession(clientSessionId)).toEqual({
      id: clientSessionId,
      customerId: 'member-42',
      expiresAt: START + 2 * 60 * 60 * 1000,
    });
  });

  it('makes up a customer id when none is given, with or without a body', async () => {
    for (const payload of [undefined, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/sandbox/sessions',
        headers: { authorization: 'Bearer test-api-key' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        customerId: expect.stringMatching(/^cust-[0-9a-f]{16}$/) as string,
      });
    }
  });

  it('refuses a customer id that does not fit in a URL path segment', async () => {
    const res = await t.server('POST', '/sessions', { customerId: 'a/b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ code: '1000', propertyName: 'customerId' }] });
  });

  it('answers malformed JSON in the provider shape without quoting the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sandbox/tokens',
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      payload: '{"cardNumber": 4111111111111111',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ code: '1000', httpStatusCode: 400 }] });
    // The answer's random errorId may hold any digits: look at the errors only.
    expect(JSON.stringify(res.json<{ errors: unknown }>().errors)).not.toContain('4111');
  });
});

describe('everything else', () => {
  it('answers unknown paths 404 in the provider shape, with the safety headers', async () => {
    const res = await t.app.inject({ url: '/v1/sandbox/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: [{ code: '9404' }] });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /healthz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});
