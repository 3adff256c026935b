import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { ProviderError } from '../errors';
import type { PaymentRecord } from '../store';
import { paymentView } from './views';

interface CreatePaymentBody {
  token: string;
  amount: number;
  currency: string;
  orderId: string;
}

const MAX_AMOUNT = 100_000_000;

function createPayment(
  ctx: SandboxContext,
  body: CreatePaymentBody,
): { created: boolean; payment: PaymentRecord } {
  // Idempotent by orderId: a retry answers the payment already taken, never a second one.
  const existing = ctx.store.getPaymentByOrderId(body.orderId);
  if (existing) {
    const same =
      existing.amount === body.amount &&
      existing.currency === body.currency &&
      existing.tokenId === body.token;
    if (!same) throw ProviderError.of('duplicateOrderId', { propertyName: 'orderId' });
    return { created: false, payment: existing };
  }

  const token = ctx.store.getToken(body.token);
  if (!token) throw ProviderError.of('unknownToken', { propertyName: 'token' });
  if (token.status !== 'CREATED')
    throw ProviderError.of('tokenNotUsable', { propertyName: 'token' });

  const now = ctx.now();
  // A CVV cached for this token goes to the (pretend) acquirer once, and is forgotten.
  const usedCachedCvv = ctx.store.takeCvv(token.id, now) !== undefined;
  const payment: PaymentRecord = {
    id: randomUUID(),
    orderId: body.orderId,
    tokenId: token.id,
    amount: body.amount,
    currency: body.currency,
    usedCachedCvv,
    refunds: [],
    createdAt: now,
  };
  ctx.store.putPayment(payment);
  return { created: true, payment };
}

function refund(ctx: SandboxContext, paymentId: string, amount: number | undefined) {
  const payment = ctx.store.getPayment(paymentId);
  if (!payment) throw ProviderError.of('unknownPayment', { propertyName: 'paymentId' });
  const remaining = payment.amount - paymentView(payment).refundedAmount;
  const refundAmount = amount ?? remaining;
  if (refundAmount <= 0 || refundAmount > remaining) {
    throw ProviderError.of('refundExceedsRemaining', {
      propertyName: 'amount',
      message: `At most ${remaining} can still be refunded`,
    });
  }
  const record = { id: randomUUID(), amount: refundAmount, createdAt: ctx.now() };
  payment.refunds.push(record);
  return {
    refundId: record.id,
    paymentId: payment.id,
    status: 'REFUNDED' as const,
    amount: refundAmount,
  };
}

export function registerPayments(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Body: CreatePaymentBody }>(
    '/payments',
    {
      schema: {
        body: {
          type: 'object',
          required: ['token', 'amount', 'currency', 'orderId'],
          properties: {
            token: { type: 'string', minLength: 1, maxLength: 64 },
            amount: { type: 'integer', minimum: 1, maximum: MAX_AMOUNT },
            currency: { type: 'string', pattern: '^[A-Z]{3}$' },
            orderId: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
    },
    (request, reply) => {
      const { created, payment } = createPayment(ctx, request.body);
      return reply.status(created ? 201 : 200).send(paymentView(payment));
    },
  );

  app.get<{ Params: { paymentId: string } }>('/payments/:paymentId', (request) => {
    const payment = ctx.store.getPayment(request.params.paymentId);
    if (!payment) throw ProviderError.of('unknownPayment', { propertyName: 'paymentId' });
    return paymentView(payment);
  });

  app.post<{ Params: { paymentId: string }; Body: { amount?: number } | undefined }>(
    '/payments/:paymentId/refunds',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { amount: { type: 'integer', minimum: 1, maximum: MAX_AMOUNT } },
        },
      },
    },
    (request, reply) =>
      reply.status(201).send(refund(ctx, request.params.paymentId, request.body?.amount)),
  );
}
