import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSandbox, type TestSandbox } from './helpers/sandbox';

let t: TestSandbox;
let tokenId: string;
beforeAll(async () => {
  t = await createTestSandbox();
  tokenId = (await t.tokenFor('4111111111111111')).json<{ token: { id: string } }>().token.id;
});
afterAll(() => t.close());

const pay = (body: Record<string, unknown>) =>
  t.server('POST', '/payments', { token: tokenId, amount: 2500, currency: 'GBP', ...body });

const codes = (body: unknown) =>
  (body as { errors: { code: string; propertyName?: string }[] }).errors.map((e) =>
    e.propertyName ? `${e.code}:${e.propertyName}` : e.code,
  );

describe('POST payments', () => {
  it('captures a payment on a token', async () => {
    const res = await pay({ orderId: 'order-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      paymentId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      status: 'CAPTURED',
      amount: 2500,
      currency: 'GBP',
      orderId: 'order-1',
      refundedAmount: 0,
    });
  });

  it('is idempotent by orderId: a retry answers the same payment', async () => {
    const first = await pay({ orderId: 'order-2' });
    const retry = await pay({ orderId: 'order-2' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(
      t.app.sandbox.store.snapshot().payments.filter((p) => p.orderId === 'order-2'),
    ).toHaveLength(1);
  });

  it.each([[{ amount: 2501 }], [{ currency: 'EUR' }]])(
    'answers 409 when a reused orderId comes with %j',
    async (change) => {
      await pay({ orderId: 'order-3' });
      const res = await pay({ orderId: 'order-3', ...change });
      expect(res.statusCode).toBe(409);
      expect(codes(res.json())).toEqual(['1401:orderId']);
    },
  );

  it('refuses an unknown token and a token still awaiting 3-D Secure', async () => {
    const unknown = await pay({ orderId: 'order-4', token: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(codes(unknown.json())).toEqual(['1300:token']);

    const pending = (await t.tokenFor('4000000000003220')).json<{ token: { id: string } }>();
    const res = await pay({ orderId: 'order-5', token: pending.token.id });
    expect(res.statusCode).toBe(400);
    expect(codes(res.json())).toEqual(['1301:token']);
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: 10.5 }, 'amount'],
    [{ amount: '2500' }, 'amount'],
    [{ currency: 'gbp' }, 'currency'],
    [{ orderId: '' }, 'orderId'],
    [{ orderId: undefined }, 'orderId'],
  ])('refuses %j', async (change, property) => {
    const res = await pay({ orderId: 'order-6', ...change });
    expect(res.statusCode).toBe(400);
    expect(codes(res.json())).toEqual([`1000:${property}`]);
  });
});

describe('GET payments/{id}', () => {
  it('reads a payment, and 404s an unknown one', async () => {
    const created = (await pay({ orderId: 'order-7' })).json<{ paymentId: string }>();
    const read = await t.server('GET', `/payments/${created.paymentId}`);
    expect(read.json()).toEqual(created);
    const unknown = await t.server('GET', '/payments/nope');
    expect(unknown.statusCode).toBe(404);
    expect(codes(unknown.json())).toEqual(['1400:paymentId']);
  });
});

describe('POST payments/{id}/refunds', () => {
  it('refunds in parts up to the captured amount, then refuses more', async () => {
    const { paymentId } = (await pay({ orderId: 'order-8', amount: 1000 })).json<{
      paymentId: string;
    }>();
    const refund = (body?: Record<string, unknown>) =>
      t.server('POST', `/payments/${paymentId}/refunds`, body);

    const part = await refund({ amount: 400 });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toEqual({
      refundId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      paymentId,
      status: 'REFUNDED',
      amount: 400,
    });
    expect((await t.server('GET', `/payments/${paymentId}`)).json()).toMatchObject({
      status: 'CAPTURED',
      refundedAmount: 400,
    });

    const tooMuch = await refund({ amount: 601 });
    expect(tooMuch.statusCode).toBe(400);
    expect(codes(tooMuch.json())).toEqual(['1402:amount']);

    // No amount: the rest.
    const rest = await refund();
    expect(rest.json()).toMatchObject({ amount: 600, status: 'REFUNDED' });
    expect((await t.server('GET', `/payments/${paymentId}`)).json()).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: 1000,
    });
    expect(codes((await refund()).json())).toEqual(['1402:amount']);
    expect((await refund({ amount: 1 })).statusCode).toBe(400);
  });

  it('takes an empty JSON body as a full refund', async () => {
    const { paymentId } = (await pay({ orderId: 'order-9', amount: 700 })).json<{
      paymentId: string;
    }>();
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/sandbox/payments/${paymentId}/refunds`,
      headers: { authorization: 'Bearer test-api-key', 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 700 });
  });

  it('404s an unknown payment', async () => {
    const res = await t.server('POST', '/payments/nope/refunds', {});
    expect(res.statusCode).toBe(404);
  });
});
