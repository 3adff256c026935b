import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderPurpose } from '../db/schema';
import {
  applyProviderEvent,
  cardAttemptPolicy,
  chargeOrder,
  completeFreeOrder,
  providerEventSchema,
  reconcileOrders,
  refundDue,
  settleOrder,
  SIGNATURE_HEADER,
  verifySignature,
  type ChargeDeps,
  type ChargeOutcome,
  type EventResult,
  type ProviderEvent,
  type Fulfil,
  type Order,
  type ReconcileReport,
  type RefundReport,
} from '../platform/checkout';

/** The checkout engine as the modules use it: one per app, the fulfilments registered on it. */
export interface Checkout {
  /** A selling module says how its purpose is delivered once paid (at registration). */
  fulfilWith(purpose: OrderPurpose, fulfil: Fulfil): void;
  /** Charges an opened order with a saved card's token (see chargeOrder). */
  charge(order: Order, card: { token: string; returnUrl: string }): Promise<ChargeOutcome>;
  /** Completes an order with nothing to pay, without the provider (see completeFreeOrder). */
  complete(order: Order): Promise<ChargeOutcome>;
  /** Settles an order from the provider's word (see settleOrder). */
  settle(order: Order): Promise<ChargeOutcome>;
  /** Applies one signed provider event (the webhook route; tests call it directly). */
  applyEvent(event: ProviderEvent): Promise<EventResult>;
  /** One reconciler round (the timer calls it; tests call it directly). */
  reconcile(): Promise<ReconcileReport>;
  /** One round of the refund job (the same timer; tests call it directly). */
  refund(): Promise<RefundReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    checkout: Checkout;
  }
}

export interface CheckoutPluginOptions {
  /** Reconciler interval; 0 (tests) runs no timer. A round also runs once the app is ready. */
  reconcileIntervalMs: number;
}

const RECONCILE_BATCH = 100;

/** Where the provider POSTs its signed payment events (PSP_WEBHOOK_SECRET). */
export const WEBHOOK_PATH = '/psp-webhooks/payment';

export const checkoutPlugin = fp(
  (app: FastifyInstance, options: CheckoutPluginOptions) => {
    const fulfilments = new Map<OrderPurpose, Fulfil>();
    const deps = (): ChargeDeps => ({
      db: app.db,
      provider: app.paymentProvider,
      now: () => app.clock.now(),
      cardAttempts: cardAttemptPolicy(app.env.IP_LIMIT_FACTOR),
    });
    const fulfilmentOf = (order: Order) => {
      const fulfil = fulfilments.get(order.purpose);
      if (!fulfil) throw new Error(`no fulfilment registered for ${order.purpose}`);
      return fulfil;
    };
    const giveUpAfterMs = app.env.CHARGE_GIVE_UP_MINUTES * 60_000;

    let round: Promise<ReconcileReport> | undefined;
    const reconcile = () => {
      round ??= reconcileOrders(
        deps(),
        fulfilments,
        {
          settleAfterMs: app.env.CHARGE_SETTLE_AFTER_SECONDS * 1000,
          giveUpAfterMs,
          batch: RECONCILE_BATCH,
        },
        (orderId, err) => app.log.error({ err, orderId }, 'settling an order failed'),
      ).finally(() => {
        round = undefined;
      });
      return round;
    };

    app.decorate('checkout', {
      fulfilWith(purpose, fulfil) {
        if (fulfilments.has(purpose)) throw new Error(`${purpose} already has its fulfilment`);
        fulfilments.set(purpose, fulfil);
      },
      charge: (order, card) => chargeOrder(deps(), order, card, fulfilmentOf(order)),
      complete: (order) => completeFreeOrder(deps(), order, fulfilmentOf(order)),
      settle: (order) => settleOrder(deps(), order, fulfilmentOf(order), giveUpAfterMs),
      applyEvent: (event) => applyProviderEvent(deps(), fulfilments, event),
      reconcile,
      refund: () => refundDue(deps()),
    } satisfies Checkout);

    const secret = app.env.PSP_WEBHOOK_SECRET;
    if (secret) {
      // The provider's word on a payment, signed over the raw body: parsed here, not by Fastify.
      // JSON only: any other type (text/plain too) is refused with 415 before the handler.
      void app.register((scope, _options, done) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) =>
          next(null, body),
        );
        // The provider reads HTTP statuses, not the portal's envelope: a refusal is its status.
        scope.setErrorHandler((err: FastifyError, request, reply) => {
          const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
          if (status === 500) request.log.error({ err }, 'a provider event failed');
          return reply.status(status).send({ error: status === 500 ? 'failed' : err.code });
        });
        scope.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const signature = request.headers[SIGNATURE_HEADER];
          if (
            !verifySignature(
              secret,
              raw,
              typeof signature === 'string' ? signature : undefined,
              app.clock.now(),
            )
          ) {
            return reply.status(401).send({ error: 'bad signature' });
          }
          let event;
          try {
            event = providerEventSchema.parse(JSON.parse(raw));
          } catch {
            // Signed but not an event we know: acknowledged, so it is not sent again and again.
            request.log.warn('a signed provider event of an unknown shape was ignored');
            return reply.status(202).send({ received: true });
          }
          const { outcome, refusal } = await app.checkout.applyEvent(event);
          if (refusal) {
            // Signed, yet not the order's money: acknowledged (nothing is done, and it is not
            // sent again and again), and told to whoever watches the logs.
            app.log.error(
              { eventId: event.id, ...refusal },
              "a signed provider event was refused: its amount or currency is not the order's",
            );
          }
          return reply.status(200).send({ received: true, outcome });
        });
        done();
      });
    }

    if (options.reconcileIntervalMs > 0) {
      const run = () => {
        reconcile()
          .then((report) => {
            if (report.looked > 0) app.log.info({ report }, 'reconciler round');
          })
          .catch((err: unknown) => app.log.error({ err }, 'reconciler round failed'))
          // Refunds after the round: what it just moved to refund-pending goes back at once.
          .then(() => refundDue(deps()))
          .then((report) => {
            if (report.failed > 0) app.log.warn({ report }, 'some refunds will be tried again');
          })
          .catch((err: unknown) => app.log.error({ err }, 'refund round failed'));
      };
      // At start-up: what a crash or a restart left between "charged" and "fulfilled". Once
      // listening, so that the server's first answers do not wait behind the round's statements.
      app.addHook('onListen', (done) => {
        run();
        done();
      });
      const timer = setInterval(run, options.reconcileIntervalMs);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await round;
      });
    }
  },
  { name: 'checkout', dependencies: ['platform', 'payment-provider'] },
);
