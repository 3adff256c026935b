import { artUrl } from '../../../platform/art-url';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import type { AirportContext } from './context';
import { localPrice } from './currency';
import { FAST_TRACK_HOURS, weeklyHours } from './hours';
import { LANE_ZONES } from './words';

const TERMS =
  'Show your booking confirmation (printed or on your phone) and your boarding pass at the Fast ' +
  'Track entrance. It is valid once, on the booked date, for the passengers named in the booking, ' +
  'within 2 hours either side of the booked time. Everyone still goes through the full security ' +
  'check. If the lane is closed at short notice, use the main security lane and we will refund ' +
  'the booking.';

/** A lane per terminal at hubs; elsewhere, most airports have one. */
export function fastTrackLanes(ctx: AirportContext): CatalogueProduct[] {
  const { r, iataCode } = ctx;
  const terminals = ctx.hub
    ? ctx.terminals.slice(0, 4)
    : r.chance(0.6)
      ? [r.pick(ctx.terminals)]
      : [];
  return terminals.map((terminal, i) => {
    const id = `${iataCode}-FT-${i + 1}`;
    const zone = r.pick(LANE_ZONES);
    return {
      id,
      kind: 'fast-track',
      airportCode: iataCode,
      name: `Fast Track Security, ${terminal}`,
      terminal,
      side: 'landside',
      description:
        'Skip the main queue at security with a dedicated lane, so you spend less time queuing ' +
        'and more time relaxing before your flight.',
      directions:
        `${terminal}, departures level: follow the purple Fast Track signs to the entrance beside ` +
        `the main security area (${zone}).`,
      weeklyHours: weeklyHours(r, FAST_TRACK_HOURS),
      facilities: ['step-free-access'],
      conditions: null,
      offer: null,
      terms: TERMS,
      lane: `Fast Track Security, ${zone}`,
      price: localPrice(r.int(5, 12), ctx.currency),
      slotMinutes: 60,
      capacityPerSlot: r.int(4, 12) * 10,
      images: [artUrl('fast-track', `${id}-1`)],
      rank: 100 - i * 10,
    } satisfies CatalogueProduct;
  });
}
