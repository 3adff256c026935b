import { calls, type PaymentReturn } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { OrderPurpose } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { orderOfReturnRef, spendReturnRef } from '../../platform/checkout';
import { registerCall } from '../../plugins/calls';

const PURCHASES: Record<OrderPurpose, PaymentReturn['purchase']> = {
  passes: 'passes',
  renewal: 'renewal',
  'lounge-booking': 'lounge-booking',
  'lounge-amend': 'lounge-change',
  'fast-track': 'fast-track',
  offer: 'offer',
};

/**
 * The return from 3-D Secure, for a browser with no login where it came back: the order its
 * reference names, settled from the provider's word (so an approved payment is fulfilled now,
 * not by the reconciler minutes later), and its outcome told once.
 */
export function registerPaymentReturn(app: FastifyInstance): void {
  registerCall(app, calls.paymentReturnStatus, async ({ payload }) => {
    const order = await orderOfReturnRef(app.db, payload.ref, app.clock.now());
    if (!order) throw new CallError('notFound');
    const settled = await app.checkout.settle(order);
    const outcome: PaymentReturn['outcome'] =
      settled.outcome === 'fulfilled' || settled.outcome === 'failed' ? settled.outcome : 'pending';
    // A final outcome is told to one caller only: the reference is spent with it.
    if (outcome !== 'pending' && !(await spendReturnRef(app.db, order.id, app.clock.now()))) {
      throw new CallError('notFound');
    }
    return { outcome, purchase: PURCHASES[order.purpose], reference: order.reference };
  });
}
