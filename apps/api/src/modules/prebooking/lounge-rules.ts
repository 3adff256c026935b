import {
  guestLimit,
  type BookingPrice,
  type LoungeGuestCap,
  type Money,
  type Slot,
} from '@portal/contract';
import { CallError } from '../../platform/call-error';
import { guestAllowanceOf } from '../../platform/issuer-config';
import type { BookingWindow, SlotTime } from '../../platform/slots';

/**
 * Refuses a visit bringing more guests than guestLimit allows: the lounge's cap, and the guests
 * per visit of the membership the visit is made with (none: the lounge's cap alone).
 */
export function refuseExtraGuests(
  guests: number,
  lounge: LoungeGuestCap,
  membership: { issuer: string } | null | undefined,
): void {
  if (guests > guestLimit(lounge, membership && guestAllowanceOf(membership)))
    throw new CallError('tooManyGuests');
}

/** What a booking asks for, and what pays for it. */
export interface PriceRequest {
  /** The member and their guests (infants take no place and pay nothing). */
  places: number;
  infants: number;
  /** Passes left on the chosen membership that can be spent (0 without one). */
  passesLeft: number;
  passesOnly: boolean;
  guestPrice: Money | null;
}

/** The currency a booking that costs nothing is shown in, when the lounge names none. */
const NO_PRICE_CURRENCY = 'GBP';

/**
 * Passes then fees: each passenger uses a pass while passes are left, the rest pay the lounge's
 * guest price. 'no-passes' when the member asked to book with passes only and they do not cover
 * everyone, or when someone must pay and the lounge sells no visits.
 */
export function priceBooking(request: PriceRequest): BookingPrice | 'no-passes' {
  const { places, infants, passesLeft, passesOnly, guestPrice } = request;
  const passesUsed = Math.min(places, Math.max(0, passesLeft));
  const paidPassengers = places - passesUsed;
  if (paidPassengers > 0 && (passesOnly || !guestPrice)) return 'no-passes';
  const currency = guestPrice?.currency ?? NO_PRICE_CURRENCY;
  return {
    passengers: places,
    infants,
    passesUsed,
    paidPassengers,
    unitPrice: guestPrice,
    total: { amount: paidPassengers * (guestPrice?.amount ?? 0), currency },
  };
}

/** A slot's row, as far as the grid needs it (none yet: nobody has taken a place). */
export interface SlotCount {
  capacity: number;
  taken: number;
}

/** Where a slot stands for `places` asked at `window`. */
export function slotState(
  slot: SlotTime,
  date: string,
  count: SlotCount,
  places: number,
  window: BookingWindow,
): Slot {
  const placesLeft = Math.max(0, count.capacity - count.taken);
  const state =
    slot.startsAt.getTime() < window.earliest.getTime()
      ? 'too-soon'
      : date > window.lastDate
        ? 'too-late'
        : placesLeft < places
          ? 'full'
          : 'open';
  return {
    time: slot.time,
    startsAt: slot.startsAt.toISOString(),
    capacity: count.capacity,
    placesLeft,
    state,
  };
}

/** Slots nearest to `time` first (earlier first on a tie). */
export function byNearness(time: string): (a: Slot, b: Slot) => number {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const target = minutes(time);
  return (a, b) =>
    Math.abs(minutes(a.time) - target) - Math.abs(minutes(b.time) - target) ||
    minutes(a.time) - minutes(b.time);
}
