import type { FastifyInstance } from 'fastify';
import { visits } from '../../db/schema';
import { offerTermsOf } from '../../platform/catalogue/offer-terms';
import { localDateTime } from '../../platform/local-time';
import { useVoucher } from '../../platform/vouchers';
import { findOffer } from './offer-query';
import { voucherCodeOf } from './voucher-view';

export type VoucherRefusal =
  'malformed' | 'unknown-outlet' | 'unknown' | 'already-used' | 'expired' | 'too-many-guests';

export interface VoucherConfirmation {
  /** The code as typed, or the QR as scanned. */
  code: string;
  /** The outlet confirming it. */
  productId: string;
  /** What the offer took off the bill, in minor units of `currency`; a credit offer: its credit. */
  amount?: number | undefined;
  currency?: string | undefined;
  /** Guests who shared the offer. */
  guests?: number | undefined;
}

export type ConfirmedVoucher =
  | {
      valid: true;
      code: string;
      outletName: string;
      /** When the outlet confirmed it, local "YYYY-MM-DD HH:MM". */
      usedAt: string;
      passesUsed: number;
      guests: number;
      amount: { amount: number; currency: string } | null;
    }
  | { valid: false; reason: VoucherRefusal };

const refused = (reason: VoucherRefusal): ConfirmedVoucher => ({ valid: false, reason });

/**
 * An outlet confirms a voucher (issue 20): open, for this outlet and in time, it becomes used
 * and the visit goes into the member's usage history with the amount, in one transaction, once;
 * however many tills confirm it at once, one succeeds and the rest are refused.
 */
export async function confirmVoucher(
  app: FastifyInstance,
  request: VoucherConfirmation,
): Promise<ConfirmedVoucher> {
  const code = voucherCodeOf(app.env, request.code);
  if (!code) return refused('malformed');
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const found = await findOffer(tx, request.productId);
    const terms = found && offerTermsOf(found.product);
    if (!found || !terms) return refused('unknown-outlet');
    const guests = request.guests ?? 0;
    if (guests > terms.guests) return refused('too-many-guests');
    const used = await useVoucher(tx, code, found.product.id, now);
    if (used.outcome !== 'used') return refused(used.outcome);
    const { voucher } = used;
    const amount =
      request.amount !== undefined
        ? {
            amount: request.amount,
            currency: request.currency ?? terms.credit?.currency ?? 'GBP',
          }
        : terms.credit;
    await tx.insert(visits).values({
      userId: voucher.userId,
      dpid: voucher.dpid,
      productId: voucher.productId,
      voucherId: voucher.id,
      visitedAt: now,
      guests,
      passesUsed: voucher.passesSpent,
      amount: amount?.amount ?? null,
      currency: amount?.currency ?? null,
    });
    const local = localDateTime(now, found.airport.timeZone);
    return {
      valid: true,
      code,
      outletName: found.product.name,
      usedAt: `${local.date} ${local.time}`,
      passesUsed: voucher.passesSpent,
      guests,
      amount,
    };
  });
}
