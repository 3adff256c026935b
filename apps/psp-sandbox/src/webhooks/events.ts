import { randomBytes } from 'node:crypto';
import type { PaymentAnswer } from '../routes/views';

/** A payment's status changed; `payment` is what `GET payments/{id}` answered at that moment. */
export interface PaymentStatusEvent {
  /** `evt_…`, unique: a receiver drops a redelivery by it. */
  id: string;
  type: 'payment.status';
  /** ISO 8601, by the sandbox's clock. */
  createdAt: string;
  payment: PaymentAnswer;
}

export type WebhookEvent = PaymentStatusEvent;

export const paymentStatusEvent = (payment: PaymentAnswer, now: number): PaymentStatusEvent => ({
  id: `evt_${randomBytes(12).toString('hex')}`,
  type: 'payment.status',
  createdAt: new Date(now).toISOString(),
  payment,
});
