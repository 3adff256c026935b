import type { WeeklyHours } from '@portal/contract';
import { Temporal } from 'temporal-polyfill';
import { localDateTime } from '../local-time';

/** The day a voucher is for: the outlet's local date, and the instant it closes that day. */
export interface VoucherDay {
  localDate: string;
  validUntil: Date;
}

/**
 * A voucher redeemed at `now` is for the outlet's local date (its airport's zone) until the
 * outlet's last closing time that day ("24:00": midnight); undefined when the outlet has closed
 * for the day or does not open that day. Redeemed before opening, it is valid from opening.
 */
export function voucherDay(
  hours: WeeklyHours,
  now: Date,
  timeZone: string,
): VoucherDay | undefined {
  const local = localDateTime(now, timeZone);
  const closes = hours[local.weekday].map((period) => period.close).filter((c) => c > local.time);
  const close = closes.at(-1);
  if (!close) return undefined;
  const day = Temporal.PlainDate.from(local.date);
  const wall =
    close === '24:00'
      ? day.add({ days: 1 }).toPlainDateTime(Temporal.PlainTime.from('00:00'))
      : day.toPlainDateTime(Temporal.PlainTime.from(close));
  // A closing time the clocks skip (spring forward) is the first instant after the gap.
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  return { localDate: local.date, validUntil: new Date(zoned.epochMilliseconds) };
}
