import { formatMoney } from '../../platform/money';
import type { OutgoingMessage } from '../../platform/outbox';
import type { Voucher } from '@portal/contract';

/** The member's copy of a new voucher (issue 20), sent in the transaction that issues it. */
export function voucherEmail(to: string, firstName: string, voucher: Voucher): OutgoingMessage {
  const { terms } = voucher;
  const lines = [
    `Hello ${firstName},`,
    '',
    `Your voucher for ${voucher.outletName} is ready. Show this code at the till:`,
    '',
    `Voucher code: ${voucher.code}`,
    `Offer: ${terms.benefit}`,
    `Where: ${voucher.outletName}, ${voucher.terminal}, ${voucher.airportName} (${voucher.airportCode})`,
    `Valid: ${voucher.date}, until ${voucher.validUntil} local time, once.`,
    ...(terms.credit ? [`Credit: ${formatMoney(terms.credit.amount, terms.credit.currency)}`] : []),
    ...(terms.passBuys ? [`Uses 1 pass, which buys ${terms.passBuys}.`] : []),
    terms.guests > 0
      ? `For you and up to ${terms.guests} guest${terms.guests === 1 ? '' : 's'}.`
      : 'For you alone.',
    'No cash back or change is given.',
    ...(terms.passes > 0
      ? ['If the voucher is not used by then, the pass is returned to your membership.']
      : []),
    '',
    voucher.conditions,
  ];
  return {
    channel: 'email',
    to,
    subject: `Your voucher for ${voucher.outletName}: ${voucher.code}`,
    body: lines.join('\n'),
  };
}
