import { FACILITIES, type Facility, type LoungeConditions } from '@portal/contract';
import { artUrl } from '../../../platform/art-url';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import type { AirportContext } from './context';
import { localPrice } from './currency';
import { HUB_LOUNGE_HOURS, LOUNGE_HOURS, weeklyHours } from './hours';
import { directionsFor } from './places';
import {
  CHILDREN_POLICIES,
  DRESS_CODES,
  GUEST_POLICIES,
  LOUNGE_ADJECTIVES,
  LOUNGE_BRANDS,
  LOUNGE_NAME_PATTERNS,
  LOUNGE_SETTINGS,
} from './words';

const ALWAYS: readonly Facility[] = ['wifi', 'flight-information'];
const OPTIONAL = FACILITIES.filter((f) => !ALWAYS.includes(f));

/** Facilities in the contract's order, so lists read the same everywhere. */
export function inListOrder(facilities: Iterable<Facility>): Facility[] {
  const set = new Set(facilities);
  return FACILITIES.filter((f) => set.has(f));
}

const FEATURE_TEXT: Partial<Record<Facility, string>> = {
  'hot-food': 'a hot and cold buffet',
  'alcoholic-drinks': 'a complimentary bar',
  showers: 'private shower suites',
  'quiet-zone': 'a quiet zone for resting',
  'business-centre': 'workstations with printers',
  'childrens-area': "a children's play corner",
  newspapers: 'newspapers and magazines',
  tv: 'TV screens showing live news and sport',
  'family-room': 'a family room',
};

function describe(ctx: AirportContext, name: string, facilities: Facility[]): string {
  const { r } = ctx;
  const features = facilities.map((f) => FEATURE_TEXT[f]).filter((t) => t !== undefined);
  const shown = r.sample(features, Math.min(3, features.length));
  const list =
    shown.length > 1
      ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
      : (shown[0] ?? 'comfortable seating');
  return (
    `${name} is a ${r.pick(LOUNGE_ADJECTIVES)} lounge ${r.pick(LOUNGE_SETTINGS)}, with ${list}. ` +
    `Relax away from the crowds with free Wi-Fi, snacks and drinks before your flight from ${ctx.city}.`
  );
}

/** A lounge's conditions and its guest cap, from one guest policy: they never disagree. */
const withGuests = (
  conditions: Omit<LoungeConditions, 'guests'>,
  policy: (typeof GUEST_POLICIES)[number],
): Pick<CatalogueProduct, 'conditions' | 'maxGuests'> => ({
  conditions: { ...conditions, guests: policy.text },
  maxGuests: policy.maxGuests,
});

export function lounges(ctx: AirportContext): CatalogueProduct[] {
  const { r, iataCode } = ctx;
  const count = ctx.major ? r.int(8, 10) : ctx.hub ? r.int(5, 7) : r.int(2, 3);
  const brands = r.sample(LOUNGE_BRANDS, count);
  return brands.map((brand, i) => {
    const id = `${iataCode}-LNG-${i + 1}`;
    const name = r.pick(LOUNGE_NAME_PATTERNS)(brand);
    // The first lounges spread over the terminals, so every terminal has one.
    const terminal = ctx.terminals[i % ctx.terminals.length] ?? 'Main Terminal';
    const side = r.chance(0.85) ? 'airside' : 'landside';
    const facilities = inListOrder([...ALWAYS, ...r.sample(OPTIONAL, r.int(3, 9))]);
    return {
      id,
      kind: 'lounge',
      airportCode: iataCode,
      name,
      terminal,
      side,
      description: describe(ctx, name, facilities),
      directions: directionsFor(r, side, terminal),
      weeklyHours: weeklyHours(r, ctx.hub ? HUB_LOUNGE_HOURS : LOUNGE_HOURS),
      facilities,
      ...withGuests(
        {
          maxStayHours: r.int(2, 4),
          children: r.pick(CHILDREN_POLICIES),
          dressCode: r.pick(DRESS_CODES),
        },
        r.pick(GUEST_POLICIES),
      ),
      offer: null,
      terms: null,
      lane: null,
      price: localPrice(r.int(ctx.hub ? 32 : 26, ctx.hub ? 48 : 38), ctx.currency),
      slotMinutes: r.pick([30, 30, 30, 60]),
      capacityPerSlot: r.int(2, 8) * 5,
      images: [1, 2, 3].map((n) => artUrl('lounge', `${id}-${n}`)),
      rank: 100 - i * 10 + r.int(0, 9),
    } satisfies CatalogueProduct;
  });
}
