import type { PaymentRecord, TokenRecord } from '../store';

/** The server API's answers: what the portal may see of a token or a payment. */

export const tokenView = (token: TokenRecord) => ({
  id: token.id,
  status: token.status,
  card: { ...token.card },
});

export function paymentView(payment: PaymentRecord) {
  const refundedAmount = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const refunded = payment.status === 'CAPTURED' && refundedAmount >= payment.amount;
  return {
    paymentId: payment.id,
    status: refunded ? ('REFUNDED' as const) : payment.status,
    ...(payment.errorCode === undefined ? {} : { errorCode: payment.errorCode }),
    amount: payment.amount,
    currency: payment.currency,
    orderId: payment.orderId,
    refundedAmount,
  };
}

/**
 * What `GET payments/{id}` answers: the payment, with the challenge page to send the browser to
 * while it waits for one. Webhooks carry the same, so a receiver needs no second shape.
 */
export function paymentAnswer(publicUrl: string, payment: PaymentRecord) {
  if (payment.status !== 'PENDING_AUTHENTICATION') return paymentView(payment);
  return { ...paymentView(payment), redirectUrl: `${publicUrl}/3ds/payments/${payment.id}` };
}

export type PaymentAnswer = ReturnType<typeof paymentAnswer>;
