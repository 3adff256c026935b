import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { httpTransport } from '../webhooks/http-transport';
import type { WebhookOptions } from '../webhooks/options';
import { startReceiver, type Receiver } from './helpers/receiver';
import { createTestSandbox, RETURN_URL, START, type TestSandbox } from './helpers/sandbox';

/*
 * The sandbox tells the portal of every payment status change by a signed POST, at least once,
 * retried until a 2xx; modes that duplicate and reorder deliveries let a receiver be tested
 * against both. Every test waits with webhooks.idle()/flush(), never by sleeping.
 */
const SECRET = 'whsec_test_secret';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function setUp(
  answer?: (n: number) => number,
  webhooks: Partial<WebhookOptions> = {},
): Promise<{ t: TestSandbox; receiver: Receiver }> {
  const receiver = await startReceiver(answer);
  open.push(receiver);
  const t = await createTestSandbox({
    webhooks: { url: receiver.url, secret: SECRET, retryDelayMs: 5, ...webhooks },
  });
  open.push(t);
  return { t, receiver };
}

/** The receiver's side, written apart from the sender's: Stripe's scheme, read from the README. */
function verifies(header: unknown, rawBody: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(typeof header === 'string' ? header : '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

let serial = 0;
async function pay(t: TestSandbox, cardNumber: string, body: Record<string, unknown> = {}) {
  const token = (await t.tokenFor(cardNumber)).json<{ token: { id: string } }>().token.id;
  serial += 1;
  const orderId = `hook-order-${serial}`;
  const send = () =>
    t.server('POST', '/payments', { token, amount: 1250, currency: 'GBP', orderId, ...body });
  const first = await send();
  return { orderId, send, first, payment: first.json<{ paymentId: string; status: string }>() };
}

const decide = (t: TestSandbox, paymentId: string, decision: 'approve' | 'decline') =>
  t.app.inject({
    method: 'POST',
    url: `/3ds/payments/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });

const statuses = (receiver: Receiver) => receiver.received.map((r) => r.event.payment.status);

describe('webhooks: a signed event per status change', () => {
  it('POSTs a captured payment as it is read back, signed with the shared secret', async () => {
    const { t, receiver } = await setUp();
    const { payment, orderId } = await pay(t, '4111111111111111');
    await t.app.sandbox.webhooks.idle();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.headers['content-type']).toBe('application/json');
    const read = (await t.server('GET', `/payments/${payment.paymentId}`)).json<
      Record<string, unknown>
    >();
    expect(delivery!.event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/) as string,
      type: 'payment.status',
      createdAt: new Date(START).toISOString(),
      payment: read,
    });
    expect(delivery!.event.payment).toMatchObject({ status: 'CAPTURED', orderId });
    expect(t.app.sandbox.webhooks.events()).toEqual([delivery!.event]);

    const signature = delivery!.headers['x-sandbox-signature'];
    expect(signature).toBe(
      `t=${START / 1000},v1=${createHmac('sha256', SECRET)
        .update(`${START / 1000}.${delivery!.rawBody}`)
        .digest('hex')}`,
    );
    expect(verifies(signature, delivery!.rawBody, SECRET)).toBe(true);
    expect(verifies(signature, delivery!.rawBody, 'another-secret')).toBe(false);
    expect(verifies(signature, delivery!.rawBody.replace('CAPTURED', 'REFUNDED'), SECRET)).toBe(
      false,
    );
  });

  it('tells of a rejection, a 3-D Secure challenge and its outcome, and a full refund', async () => {
    const { t, receiver } = await setUp();
    const rejected = await pay(t, '4000000000000341');
    const approved = await pay(t, '4000002760003184', { returnUrl: RETURN_URL });
    await decide(t, approved.payment.paymentId, 'approve');
    const declined = await pay(t, '4000002760003184', { returnUrl: RETURN_URL });
    await decide(t, declined.payment.paymentId, 'decline');
    const refunded = await pay(t, '4111111111111111', { amount: 1000 });
    // A part refund changes no status: no event; the last part does.
    await t.server('POST', `/payments/${refunded.payment.paymentId}/refunds`, { amount: 400 });
    await t.server('POST', `/payments/${refunded.payment.paymentId}/refunds`, {});
    await t.app.sandbox.webhooks.idle();

    const seen = receiver.received.map(({ event }) => [event.payment.paymentId, event.payment]);
    expect(seen).toEqual([
      [
        rejected.payment.paymentId,
        expect.objectContaining({ status: 'REJECTED', errorCode: '430285' }),
      ],
      [
        approved.payment.paymentId,
        expect.objectContaining({
          status: 'PENDING_AUTHENTICATION',
          redirectUrl: `http://psp.test/3ds/payments/${approved.payment.paymentId}`,
        }),
      ],
      [approved.payment.paymentId, expect.objectContaining({ status: 'CAPTURED' })],
      [declined.payment.paymentId, expect.objectContaining({ status: 'PENDING_AUTHENTICATION' })],
      [
        declined.payment.paymentId,
        expect.objectContaining({ status: 'REJECTED', errorCode: '61007' }),
      ],
      [refunded.payment.paymentId, expect.objectContaining({ status: 'CAPTURED' })],
      [
        refunded.payment.paymentId,
        expect.objectContaining({ status: 'REFUNDED', refundedAmount: 1000 }),
      ],
    ]);
    expect(new Set(receiver.received.map(({ event }) => event.id)).size).toBe(7);
  });

  it('tells of a payment whose answer was lost, once, however often the order is retried', async () => {
    const { t, receiver } = await setUp();
    const { first, send } = await pay(t, '4000000000000119');
    expect(first.statusCode).toBe(504);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    await send();
    await t.app.sandbox.webhooks.idle();
    expect(statuses(receiver)).toEqual(['CAPTURED']);
    expect(receiver.received[0]!.event.payment.paymentId).toBe(
      retry.json<{ paymentId: string }>().paymentId,
    );
  });

  it('answers the payment without waiting for the receiver', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { t, receiver } = await setUp(undefined, {
      transport: async () => {
        await gate;
        return 200;
      },
    });
    const { first } = await pay(t, '4111111111111111');
    expect(first.statusCode).toBe(201);
    expect(t.app.sandbox.webhooks.pending()).toBe(1);
    expect((await t.app.inject({ url: '/webhooks/pending' })).json()).toEqual({ pending: 1 });
    release();
    await t.app.sandbox.webhooks.idle();
    expect((await t.app.inject({ url: '/webhooks/pending' })).json()).toEqual({ pending: 0 });
    expect(receiver.received).toHaveLength(0); // the transport stood in for HTTP
  });
});

describe('webhooks: at least once', () => {
  it('retries a 500 until the receiver answers 2xx, the same event each time, signed anew', async () => {
    const { t, receiver } = await setUp((n) => (n < 2 ? 500 : 204));
    await pay(t, '4111111111111111');
    await t.app.sandbox.webhooks.idle();

    expect(receiver.received).toHaveLength(3);
    const [id] = receiver.received.map((r) => r.event.id);
    for (const delivery of receiver.received) {
      expect(delivery.event.id).toBe(id);
      expect(delivery.rawBody).toBe(receiver.received[0]!.rawBody);
      expect(verifies(delivery.headers['x-sandbox-signature'], delivery.rawBody, SECRET)).toBe(
        true,
      );
    }
    expect(t.app.sandbox.webhooks.pending()).toBe(0);
  });

  it('retries when nothing answers, and after a 3xx, which it does not follow', async () => {
    let calls = 0;
    const { t, receiver } = await setUp((n) => (n === 0 ? 302 : 200), {
      transport: (request) => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('connect ECONNREFUSED'));
        return httpTransport(request);
      },
    });
    await pay(t, '4111111111111111');
    await t.app.sandbox.webhooks.idle();
    expect(calls).toBe(3);
    // Followed, the 302 would have been a GET of its Location; it was retried as a POST instead.
    expect(receiver.received.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/webhooks/psp'],
      ['POST', '/webhooks/psp'],
    ]);
  });

  it('counts an attempt that outlasts timeoutMs as failed', async () => {
    const attempts: AbortSignal[] = [];
    const { t } = await setUp(undefined, {
      timeoutMs: 20,
      transport: ({ signal }) => {
        attempts.push(signal);
        if (attempts.length > 1) return Promise.resolve(200);
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      },
    });
    await pay(t, '4111111111111111');
    await t.app.sandbox.webhooks.idle();
    expect(attempts.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('gives up after maxAttempts, waiting longer each time', async () => {
    const at: number[] = [];
    const { t } = await setUp(undefined, {
      maxAttempts: 4,
      retryDelayMs: 20,
      transport: () => {
        at.push(performance.now());
        return Promise.resolve(503);
      },
    });
    await pay(t, '4111111111111111');
    await t.app.sandbox.webhooks.idle();
    expect(at).toHaveLength(4);
    const waits = at.slice(1).map((time, i) => time - at[i]!);
    // 20, 40, 80 ms (timers may fire a little late, never early).
    waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(20 * 2 ** i - 2));
  });

  it('duplicates mode delivers every event twice, under the same id', async () => {
    const { t, receiver } = await setUp(undefined, { duplicates: true });
    await pay(t, '4111111111111111');
    await t.app.sandbox.webhooks.idle();
    expect(receiver.received).toHaveLength(2);
    const [a, b] = receiver.received;
    expect(a!.event.id).toBe(b!.event.id);
    expect(a!.rawBody).toBe(b!.rawBody);
  });

  it('out-of-order mode holds events and sends the newest first: CAPTURED before PENDING', async () => {
    const { t, receiver } = await setUp(undefined, { outOfOrder: true, holdMs: 60_000 });
    const { payment } = await pay(t, '4000002760003184', { returnUrl: RETURN_URL });
    expect(payment.status).toBe('PENDING_AUTHENTICATION');
    await decide(t, payment.paymentId, 'approve');
    expect(t.app.sandbox.webhooks.pending()).toBe(2);
    expect(receiver.received).toHaveLength(0);

    await t.app.sandbox.webhooks.flush();
    expect(statuses(receiver)).toEqual(['CAPTURED', 'PENDING_AUTHENTICATION']);
    const recorded = t.app.sandbox.webhooks.events().map((event) => event.payment.status);
    expect(recorded).toEqual(['PENDING_AUTHENTICATION', 'CAPTURED']);
  });

  it('out-of-order mode releases what it holds after holdMs by itself', async () => {
    const { t, receiver } = await setUp(undefined, { outOfOrder: true, holdMs: 50 });
    await pay(t, '4111111111111111');
    expect(t.app.sandbox.webhooks.pending()).toBe(1);
    expect(receiver.received).toHaveLength(0);
    await t.app.sandbox.webhooks.idle(); // no flush: the hold ends by itself
    expect(statuses(receiver)).toEqual(['CAPTURED']);
  });
});

describe('webhooks: off, and closing', () => {
  it('sends and records nothing without a URL', async () => {
    const receiver = await startReceiver();
    open.push(receiver);
    const t = await createTestSandbox();
    open.push(t);
    await pay(t, '4111111111111111');
    const webhooks = t.app.sandbox.webhooks;
    expect(webhooks.enabled).toBe(false);
    expect(webhooks.pending()).toBe(0);
    expect(webhooks.events()).toEqual([]);
    await webhooks.flush();
    expect((await t.app.inject({ url: '/webhooks/pending' })).json()).toEqual({ pending: 0 });
    expect(receiver.received).toEqual([]);
  });

  it('drops what is pending on close, and lets a waiter go', async () => {
    const { t, receiver } = await setUp(() => 500, { retryDelayMs: 60_000 });
    await pay(t, '4111111111111111');
    await expect.poll(() => receiver.received.length).toBe(1);
    const waiting = t.app.sandbox.webhooks.idle();
    await t.close();
    await waiting;
    expect(t.app.sandbox.webhooks.pending()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it.each([
    [{ secret: '' }, 'secret'],
    [{ url: 'ftp://portal.test/hooks' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ maxAttempts: 0 }, 'maxAttempts'],
    [{ retryDelayMs: -1 }, 'retryDelayMs'],
    [{ holdMs: 1.5 }, 'holdMs'],
  ])('refuses webhook options %j', async (change, name) => {
    await expect(
      createTestSandbox({
        webhooks: { url: 'http://portal.test/hooks', secret: SECRET, ...change },
      }),
    ).rejects.toThrow(`webhooks.${name}`);
  });
});
