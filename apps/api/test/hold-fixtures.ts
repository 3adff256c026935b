import type { Db } from '../src/db/client';
import { madeSlotRow, placeHold } from '../src/platform/slots';

/** A one-place hold of a member's in a slot, for 10 minutes from `now`, its draft plausible. */
export async function insertHold(
  db: Db,
  values: { userId: string; productId: string; slotId: string; email: string; now: Date },
) {
  const hold = await placeHold(db, {
    userId: values.userId,
    productId: values.productId,
    slotId: values.slotId,
    places: 1,
    expiresAt: new Date(values.now.getTime() + 10 * 60_000),
    draft: {
      date: '2026-12-02',
      time: '09:00',
      flightNumber: 'BA1234',
      guests: [],
      infants: 0,
      dpid: null,
      passesOnly: false,
      contact: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: values.email,
        mobilePrefix: '44',
        mobileNumber: '7400123456',
        confirmed: true,
      },
    },
  });
  if (!hold) throw new Error('no hold');
  return hold;
}

let days = 0;

/**
 * insertHold on a day of its own (a slot at 09:00 of the next day not used yet, from 2 Dec
 * 2026): a member holds places at a product on one day once at most, so a test that gives one
 * member many live holds at once gives each its own day.
 */
export async function insertHoldOnNewDay(
  db: Db,
  values: { userId: string; productId: string; email: string; now: Date },
) {
  const day = new Date(Date.UTC(2026, 11, 2 + days));
  days += 1;
  const localDate = day.toISOString().slice(0, 10);
  const slot = await madeSlotRow(db, {
    productId: values.productId,
    startsAt: new Date(`${localDate}T09:00:00Z`),
    localDate,
    localTime: '09:00',
    capacity: 50,
  });
  return insertHold(db, { ...values, slotId: slot.id });
}
