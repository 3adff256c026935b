import { formatMoney } from '../../platform/money';
import type { OutgoingMessage } from '../../platform/outbox';
import type { Voucher } from '@portal/contract';
import { voucherAttachments } from './voucher-files';

/**
 * The member's copy of a new voucher (issue 20), sent in the transaction that issues it, with the
 * voucher's PDF and its QR code attached (issue 60), made as it is sent.
 */
export function voucherEmail(
  to: string,
  firstName: string,
  voucher: Voucher,
  voucherId: string,
): OutgoingMessage {
  const { terms } = voucher;
  const lines = [
    `Hello ${firstName},`,
    '',
    `Your voucher for ${voucher.outletName} is ready. At the till, before you order, show its ` +
      'QR code (the attached image, or the attached PDF of the voucher) or give this code:',
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
    attachments: voucherAttachments({ id: voucherId, code: voucher.code }),
  };
}
