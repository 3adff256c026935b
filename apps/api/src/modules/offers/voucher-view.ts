import type { Voucher } from '@portal/contract';
import type { Env } from '../../config/env';
import type { airports, products } from '../../db/schema';
import { maskMembershipNumber } from '../../members/membership-number';
import { offerTermsOf } from '../../platform/catalogue/offer-terms';
import { localDateTime } from '../../platform/local-time';
import { referenceQr, scannedReference } from '../../platform/reference-qr';
import { normaliseVoucherCode, type VoucherRow } from '../../platform/vouchers';

export type OfferRow = typeof products.$inferSelect;
export type AirportRow = typeof airports.$inferSelect;

/** A voucher with its outlet and the outlet's airport. */
export interface VoucherRecord {
  voucher: VoucherRow;
  product: OfferRow;
  airport: AirportRow;
}

type KeyEnv = Pick<Env, 'DIGITAL_CARD_SIGNING_KEY' | 'DIGITAL_CARD_SECRET'>;

/** What a voucher's QR carries: its code, without the dash, signed (see referenceQr). */
export const voucherQr = (env: KeyEnv, code: string): string =>
  referenceQr(env, 'voucher', code.replace('-', ''));

/** The code an outlet sent: a scanned QR the server signed, or the code as typed. */
export function voucherCodeOf(env: KeyEnv, sent: string): string | undefined {
  const text = sent.trim();
  if (text.startsWith('VC1.')) {
    const reference = scannedReference(env, 'voucher', text);
    return reference ? normaliseVoucherCode(reference) : undefined;
  }
  const code = normaliseVoucherCode(text);
  return /^[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(code) ? code : undefined;
}

/** "24:00" or "22:00": the local time a voucher is valid until, on its date. */
export function localUntil(voucher: VoucherRow, timeZone: string): string {
  const at = localDateTime(voucher.validUntil, timeZone);
  return at.date === voucher.localDate ? at.time : '24:00';
}

export function voucherView(env: KeyEnv, record: VoucherRecord): Voucher {
  const { voucher, product, airport } = record;
  const terms = offerTermsOf(product);
  if (!terms || (product.kind !== 'dining' && product.kind !== 'spa'))
    throw new Error(`voucher ${voucher.id} is for ${product.id}, not a dining or spa offer`);
  const used = voucher.usedAt && localDateTime(voucher.usedAt, airport.timeZone);
  return {
    code: voucher.code,
    qr: voucher.status === 'open' ? voucherQr(env, voucher.code) : null,
    status: voucher.status,
    productId: product.id,
    kind: product.kind,
    outletName: product.name,
    terminal: product.terminal,
    airportCode: airport.iataCode,
    airportName: airport.name,
    date: voucher.localDate,
    validUntil: localUntil(voucher, airport.timeZone),
    timeZone: airport.timeZone,
    terms,
    conditions: product.terms ?? '',
    membershipNumber: voucher.dpid ? maskMembershipNumber(voucher.dpid) : null,
    usedAt: used ? `${used.date} ${used.time}` : null,
  };
}
