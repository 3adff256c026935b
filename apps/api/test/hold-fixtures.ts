import type { Db } from '../src/db/client';
import { placeHold } from '../src/platform/slots';

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
