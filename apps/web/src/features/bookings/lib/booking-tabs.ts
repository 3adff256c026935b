import type { BookingTab } from '@portal/contract';

/**
 * The contract's BOOKING_TABS, in order. Kept here as a type-checked copy: importing the value
 * would bring the contract's account schemas (zod, phone rules) into the bookings chunk.
 */
export const BOOKING_TAB_ORDER = [
  'booked',
  'past',
  'cancelled',
] as const satisfies readonly BookingTab[];

type Missing = Exclude<BookingTab, (typeof BOOKING_TAB_ORDER)[number]>;
// Fails to compile when the contract gains a tab this list lacks.
const _everyTabListed: [Missing] extends [never] ? true : Missing = true;

export const isBookingTab = (value: string | null): value is BookingTab =>
  (BOOKING_TAB_ORDER as readonly (string | null)[]).includes(value);
