import type { Booked } from '@portal/contract';
import type { Env } from '../../config/env';
import type { bookings } from '../../db/schema';
import { localDateTime } from '../../platform/local-time';
import { bookingQr } from '../bookings/index';
import type { BookableProduct } from './bookable-product';

type KeyEnv = Pick<Env, 'DIGITAL_CARD_SIGNING_KEY' | 'DIGITAL_CARD_SECRET'>;

/**
 * A booking as the result page and a change show it: its ID, desk QR and local time, and what
 * its confirmation (email, PDF) tells besides: where and how to get there, who, what was paid.
 */
export function bookedView(
  env: KeyEnv,
  row: typeof bookings.$inferSelect,
  lounge: BookableProduct | undefined,
): Booked {
  const timeZone = lounge?.airport.timeZone ?? 'UTC';
  const local = localDateTime(row.visitAt, timeZone);
  return {
    bookingId: row.reference,
    qr: bookingQr(env, row.reference),
    date: local.date,
    time: local.time,
    timeZone,
    startsAt: row.visitAt.toISOString(),
    loungeName: lounge?.product.name ?? '',
    ...(lounge && {
      details: {
        terminal: lounge.product.terminal,
        side: lounge.product.side,
        directions: lounge.product.directions,
        passengerNames: row.passengerNames,
        infants: row.infants,
        passesUsed: row.passesUsed,
        paid: { amount: row.amount, currency: row.currency },
        paymentCard: row.cardLabel,
      },
    }),
  };
}
