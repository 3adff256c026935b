import type { PaymentRecord, TokenRecord } from '../store';

/** The server API's answers: what the portal may see of a token or a payment. */

export const tokenView = (token: TokenRecord) => ({
  id: token.id,
  status: token.status,
  card: { ...token.card },
});

export function paymentView(payment: PaymentRecord) {
  const refundedAmount = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return {
    paymentId: payment.id,
    status: refundedAmount >= payment.amount ? ('REFUNDED' as const) : ('CAPTURED' as const),
    amount: payment.amount,
    currency: payment.currency,
    orderId: payment.orderId,
    refundedAmount,
  };
}
