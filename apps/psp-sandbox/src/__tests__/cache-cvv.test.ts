import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSandbox, START, type TestSandbox } from './helpers/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await createTestSandbox();
});
afterAll(() => t.close());

const newToken = async () =>
  (await t.tokenFor('5555555555554444')).json<{ token: { id: string } }>().token.id;

const cacheCvv = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/ingenico/cacheCvv',
    headers: { origin: 'http://portal.test', ...headers },
    payload: body,
  });

const payWith = (token: string, orderId: string) =>
  t.server('POST', '/payments', { token, amount: 1500, currency: 'EUR', orderId });

describe('POST /ingenico/cacheCvv', () => {
  it('caches the CVV of a stored card for its next payment, which uses it once', async () => {
    const token = await newToken();
    const res = await cacheCvv({ token, cvv: '321' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cached: true });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(t.app.sandbox.store.hasCvv(token, START)).toBe(true);

    const paid = await payWith(token, 'cvv-order-1');
    expect(paid.statusCode).toBe(201);
    expect(t.app.sandbox.store.hasCvv(token, START)).toBe(false);
    const payments = t.app.sandbox.store.snapshot().payments;
    expect(payments.find((p) => p.orderId === 'cvv-order-1')?.usedCachedCvv).toBe(true);

    // A CVV is optional for a payment.
    const second = await payWith(token, 'cvv-order-2');
    expect(second.statusCode).toBe(201);
    expect(
      t.app.sandbox.store.snapshot().payments.find((p) => p.orderId === 'cvv-order-2')
        ?.usedCachedCvv,
    ).toBe(false);
  });

  it('accepts cardId for token, and forgets the CVV after 10 minutes', async () => {
    const token = await newToken();
    expect((await cacheCvv({ cardId: token, cvv: '4321' })).statusCode).toBe(200);
    t.clock.now = START + 10 * 60 * 1000;
    await payWith(token, 'cvv-order-3');
    t.clock.now = START;
    expect(
      t.app.sandbox.store.snapshot().payments.find((p) => p.orderId === 'cvv-order-3')
        ?.usedCachedCvv,
    ).toBe(false);
  });

  it.each([['12'], ['12345'], ['12a'], [123]])('refuses the cvv %j', async (cvv) => {
    const res = await cacheCvv({ token: await newToken(), cvv });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ code: '1000', propertyName: 'cvv' }] });
    // The answer's random errorId may hold any digits: look at the errors only.
    expect(JSON.stringify(res.json<{ errors: unknown }>().errors)).not.toContain(String(cvv));
  });

  it('refuses an unknown or missing token', async () => {
    const unknown = await cacheCvv({ token: 'nope', cvv: '123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errors: [{ code: '1300', propertyName: 'token' }] });
    const missing = await cacheCvv({ cvv: '123' });
    expect(missing.statusCode).toBe(400);
  });

  it('answers the CORS preflight of a browser, with no portal headers needed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/ingenico/cacheCvv',
      headers: {
        origin: 'https://lounges.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers'])).toContain('Content-Type');
  });

  it('drops the cached CVV with its token', async () => {
    const token = await newToken();
    await cacheCvv({ token, cvv: '555' });
    await t.server('DELETE', `/tokens/${token}`);
    expect(t.app.sandbox.store.snapshot().cachedCvvTokens).not.toContain(token);
  });
});
