import type { Order } from '../../platform/checkout';
import { visitDayText } from '../../platform/local-time';
import { formatMoney } from '../../platform/money';
import type { OutgoingMessage } from '../../platform/outbox';
import type { MembershipRow } from '../../members/membership-in-use';
import { passesLeft } from '../../members/membership-in-use';
import { maskMembershipNumber } from '../../members/membership-number';

/** The receipt of a membership purchase, sent once, in the transaction that fulfils it. */
export function purchaseReceipt(
  to: string,
  firstName: string,
  order: Order,
  membership: MembershipRow,
  /** The card charged ("Visa ending 1111") and the day it was paid ("Thu 10 Dec 2026"). */
  paid: { cardLabel: string | undefined; on: string },
): OutgoingMessage {
  const lines = [
    `Hello ${firstName},`,
    '',
    'Thank you: your payment is complete.',
    '',
    `Order reference: ${order.reference}`,
    ...order.lines.map(
      (line) =>
        `${line.quantity} × ${line.description}: ${formatMoney(line.quantity * line.unitAmount, order.currency)}`,
    ),
    `Total paid: ${formatMoney(order.amount, order.currency)}`,
    `Paid on ${paid.on} with ${paid.cardLabel ?? 'your card'}`,
    '',
    `Membership ${maskMembershipNumber(membership.dpid)}`,
    order.purpose === 'renewal'
      ? `Now valid until ${visitDayText(membership.expiresOn)}.`
      : `Passes left: ${passesLeft(membership)}.`,
  ];
  return {
    channel: 'email',
    to,
    subject: `Payment complete: order ${order.reference}`,
    body: lines.join('\n'),
  };
}
