import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_ANSWER_MS } from '../cards/test-cards';
import { createTestSandbox, RETURN_URL, type TestSandbox } from './helpers/sandbox';

/*
 * What a saved card does when it pays, scripted by its test number (README, "Test cards"):
 * it pays, it asks for 3-D Secure at every payment, it is declined for want of funds, or the
 * payment is taken and its first answer lost.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await createTestSandbox();
});
afterAll(() => t.close());

interface Payment {
  paymentId: string;
  status: string;
  errorCode?: string;
  redirectUrl?: string;
}

let serial = 0;
async function pay(cardNumber: string, body: Record<string, unknown> = {}) {
  const token = (await t.tokenFor(cardNumber)).json<{ token: { id: string } }>().token.id;
  serial += 1;
  const orderId = `outcome-order-${serial}`;
  const send = () =>
    t.server('POST', '/payments', { token, amount: 1250, currency: 'GBP', orderId, ...body });
  return { orderId, send, first: await send() };
}

const decide = (paymentId: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: `/3ds/payments/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });

const statusOf = async (paymentId: string) =>
  (await t.server('GET', `/payments/${paymentId}`)).json<Payment>();

describe('payments by test card', () => {
  it('4111 1111 1111 1111 pays at once', async () => {
    const { first } = await pay('4111111111111111');
    expect(first.statusCode).toBe(201);
    expect(first.json<Payment>().status).toBe('CAPTURED');
  });

  it('4000 0000 0000 0341 is rejected for insufficient funds, and cannot be refunded', async () => {
    const { first } = await pay('4000000000000341');
    const payment = first.json<Payment>();
    expect(payment).toMatchObject({ status: 'REJECTED', errorCode: '430285' });
    const refund = await t.server('POST', `/payments/${payment.paymentId}/refunds`, {});
    expect(refund.statusCode).toBe(409);
  });

  it('4000 0027 6000 3184 asks for 3-D Secure at every payment: approve captures it', async () => {
    const { first, send } = await pay('4000002760003184', { returnUrl: RETURN_URL });
    const payment = first.json<Payment>();
    expect(payment.status).toBe('PENDING_AUTHENTICATION');
    expect(payment.redirectUrl).toBe(`http://psp.test/3ds/payments/${payment.paymentId}`);

    const page = await t.app.inject({ url: `/3ds/payments/${payment.paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Verify your payment of 12.50 GBP</h1>');
    expect(page.body).toContain('ending in 3184');

    const back = await decide(payment.paymentId, 'approve');
    expect(back.statusCode).toBe(303);
    const location = new URL(back.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://portal.test/account/cards');
    expect(location.searchParams.get('paymentId')).toBe(payment.paymentId);
    expect(location.searchParams.get('outcome')).toBe('approved');
    expect((await statusOf(payment.paymentId)).status).toBe('CAPTURED');
    // Decided once: the page is gone, and a retry of the order answers the captured payment.
    expect((await decide(payment.paymentId, 'decline')).statusCode).toBe(404);
    expect((await send()).json<Payment>()).toMatchObject({ status: 'CAPTURED' });
  });

  it('... decline rejects it with 61007', async () => {
    const { first } = await pay('4000002760003184', { returnUrl: RETURN_URL });
    const { paymentId } = first.json<Payment>();
    expect((await decide(paymentId, 'decline')).statusCode).toBe(303);
    expect(await statusOf(paymentId)).toMatchObject({ status: 'REJECTED', errorCode: '61007' });
  });

  it('... and needs a returnUrl to send the browser back to', async () => {
    const { first } = await pay('4000002760003184');
    expect(first.statusCode).toBe(400);
    expect(first.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('1403');
  });

  it('4000 0000 0000 0119 takes the payment but loses the first answer; the status tells', async () => {
    const { first, send, orderId } = await pay('4000000000000119');
    expect(first.statusCode).toBe(504);
    expect(first.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('9504');
    const found = await t.server('GET', `/payments?orderId=${orderId}`);
    expect(found.json<Payment>().status).toBe('CAPTURED');
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Payment>()).toEqual(found.json());
    expect(
      t.app.sandbox.store.snapshot().payments.filter((p) => p.orderId === orderId),
    ).toHaveLength(1);
  });

  it('4000 0000 0000 0259 takes the payment at once and answers it 5 s later', async () => {
    const token = (await t.tokenFor('4000000000000259')).json<{ token: { id: string } }>().token.id;
    const orderId = 'outcome-order-slow';
    const started = Date.now();
    const answer = t.server('POST', '/payments', { token, amount: 1250, currency: 'GBP', orderId });
    // Taken before it is answered: a caller that dies meanwhile has been charged.
    let found = await t.server('GET', `/payments?orderId=${orderId}`);
    while (found.statusCode === 404) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = await t.server('GET', `/payments?orderId=${orderId}`);
    }
    expect(found.json<Payment>().status).toBe('CAPTURED');
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS);
    const late = await answer;
    expect(late.statusCode).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_ANSWER_MS - 50);
  });

  it('answers 404 for the payment of an order never paid', async () => {
    const res = await t.server('GET', '/payments?orderId=never-paid');
    expect(res.statusCode).toBe(404);
  });
});
