import type { WaitlistEntry } from '@portal/contract';

/** A waiting list of the member's as /lounge/waitlist/list answers it: third for 2 places. */
export const waitlistEntry = (values: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 'w-1',
  code: 'LHR-LNG-1',
  loungeName: 'Kestrel Lounge',
  airportName: 'London Heathrow Airport',
  date: '2026-12-05',
  time: '12:00',
  places: 2,
  position: 3,
  holdId: null,
  heldUntil: null,
  ...values,
});
