import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { ERRORS, ProviderError } from '../errors';
import { SLOW_ANSWER_MS } from '../cards/test-cards';
import type { PaymentRecord } from '../store';
import { paymentAnswer, paymentView } from './views';
import { isReturnUrl } from '../http/return-url';

interface CreatePaymentBody {
  token: string;
  amount: number;
  currency: string;
  orderId: string;
  /** Where a 3-D Secure challenge at payment sends the browser back (http(s)). */
  returnUrl?: string;
}

/** The orders whose first answer was already lost once (timeoutOnce cards). */
const answeredLate = new WeakSet<PaymentRecord>();

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

  const challenge = token.atPayment === 'challenge';
  if (challenge && (body.returnUrl === undefined || !isReturnUrl(body.returnUrl))) {
    throw ProviderError.of('returnUrlRequired', { propertyName: 'returnUrl' });
  }
  const now = ctx.now();
  // A CVV cached for this token goes to the (pretend) acquirer once, and is forgotten.
  const usedCachedCvv = ctx.store.takeCvv(token.id, now) !== undefined;
  const declined = token.atPayment === 'insufficientFunds';
  const payment: PaymentRecord = {
    id: randomUUID(),
    orderId: body.orderId,
    tokenId: token.id,
    status: challenge ? 'PENDING_AUTHENTICATION' : declined ? 'REJECTED' : 'CAPTURED',
    ...(declined ? { errorCode: ERRORS.insufficientFunds.code } : {}),
    ...(challenge ? { returnUrl: body.returnUrl } : {}),
    amount: body.amount,
    currency: body.currency,
    usedCachedCvv,
    refunds: [],
    createdAt: now,
  };
  ctx.store.putPayment(payment);
  // Told even when this answer is then lost (timeoutOnce): that is when a webhook matters most.
  ctx.webhooks.paymentChanged(paymentAnswer(ctx.publicUrl(), payment));
  return { created: true, payment };
}

function refund(ctx: SandboxContext, paymentId: string, amount: number | undefined) {
  const payment = ctx.store.getPayment(paymentId);
  if (!payment) throw ProviderError.of('unknownPayment', { propertyName: 'paymentId' });
  if (payment.status !== 'CAPTURED') throw ProviderError.of('paymentNotCaptured');
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
  // A part refund leaves the status CAPTURED; only the last one changes it.
  if (paymentView(payment).status === 'REFUNDED') {
    ctx.webhooks.paymentChanged(paymentAnswer(ctx.publicUrl(), payment));
  }
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
            returnUrl: { type: 'string', minLength: 1, maxLength: 2048 },
          },
        },
      },
    },
    async (request, reply) => {
      const { created, payment } = createPayment(ctx, request.body);
      const token = ctx.store.getToken(payment.tokenId);
      if (token?.atPayment === 'slowAnswer') {
        await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
      }
      // The payment is taken, but this first answer is lost on the way: the caller must find
      // out from the payment's status (or by retrying with the same orderId).
      if (token?.atPayment === 'timeoutOnce' && !answeredLate.has(payment)) {
        answeredLate.add(payment);
        throw ProviderError.of('gatewayTimeout');
      }
      return reply.status(created ? 201 : 200).send(paymentAnswer(ctx.publicUrl(), payment));
    },
  );

  app.get<{ Params: { paymentId: string } }>('/payments/:paymentId', (request) => {
    const payment = ctx.store.getPayment(request.params.paymentId);
    if (!payment) throw ProviderError.of('unknownPayment', { propertyName: 'paymentId' });
    return paymentAnswer(ctx.publicUrl(), payment);
  });

  // The payment of an order, for a caller that never learnt its id (a lost answer).
  app.get<{ Querystring: { orderId?: string } }>('/payments', (request) => {
    const payment = ctx.store.getPaymentByOrderId(request.query.orderId ?? '');
    if (!payment) throw ProviderError.of('unknownPayment', { propertyName: 'orderId' });
    return paymentAnswer(ctx.publicUrl(), payment);
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
