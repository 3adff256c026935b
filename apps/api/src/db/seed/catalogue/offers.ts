import type { Facility } from '@portal/contract';
import { artUrl } from '../../../platform/art-url';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import type { AirportContext } from './context';
import { localAmountText, localPrice } from './currency';
import { DINING_HOURS, SPA_HOURS, weeklyHours, type HoursStyle } from './hours';
import { inListOrder } from './lounges';
import { directionsFor } from './places';
import { DINING_KINDS, DINING_WORDS, SPA_KINDS, SPA_WORDS } from './words';

/** One offer as the seed writes it: its line, and a credit or a pass where it has one. */
interface SeedOffer {
  text: (money: (pounds: number) => string) => string;
  /** A fixed credit towards the bill, in pounds (made local). */
  credit?: number;
  /** The offer spends one pass, which buys this. */
  passBuys?: string;
}

interface OfferKind {
  kind: 'dining' | 'spa';
  words: readonly string[];
  kinds: readonly string[];
  facilities: readonly Facility[];
  hours: HoursStyle;
  offers: readonly SeedOffer[];
  /** Guests who share an offer that spends no pass. */
  guests: number;
  describe: (name: string, city: string) => string;
  terms: (money: (pounds: number) => string) => string;
}

const DINING: OfferKind = {
  kind: 'dining',
  words: DINING_WORDS,
  kinds: DINING_KINDS,
  facilities: [
    'wifi',
    'hot-food',
    'alcoholic-drinks',
    'power-sockets',
    'accessible-toilets',
    'step-free-access',
    'air-conditioning',
  ],
  hours: DINING_HOURS,
  offers: [
    { text: () => '20% off food and drink' },
    { text: () => '15% off your bill' },
    { text: (m) => `${m(15)} voucher towards food and drink`, credit: 15 },
    { text: (m) => `${m(10)} off when you spend ${m(30)} or more`, credit: 10 },
    { text: () => 'A free hot drink with any breakfast' },
    {
      text: () => 'One pass buys a main course and a soft drink',
      passBuys: 'a main course and a soft drink',
    },
  ],
  guests: 3,
  describe: (name, city) =>
    `${name} serves freshly made breakfasts, light lunches and evening plates, with local dishes ` +
    `from around ${city}, good coffee and a drinks list to match.`,
  terms: (m) =>
    'Show your digital membership card and boarding pass before you order. One offer per member ' +
    'per visit, for the member and up to 3 guests at the same table. Not valid with any other ' +
    `offer or on gift cards, and it cannot be exchanged for cash. Minimum spend, where stated, is ${m(30)} ` +
    'before the discount. Alcohol is served only to adults, within local licensing laws.',
};

const SPA: OfferKind = {
  kind: 'spa',
  words: SPA_WORDS,
  kinds: SPA_KINDS,
  facilities: [
    'quiet-zone',
    'showers',
    'wifi',
    'accessible-toilets',
    'step-free-access',
    'air-conditioning',
  ],
  hours: SPA_HOURS,
  offers: [
    { text: (m) => `${m(15)} voucher towards any treatment`, credit: 15 },
    { text: () => '20% off all treatments' },
    {
      text: (m) => `A free 10-minute neck and shoulder massage with any treatment over ${m(40)}`,
    },
    { text: () => '15% off treatments and retail products' },
    {
      text: () => 'One pass buys a 20-minute express treatment',
      passBuys: 'one 20-minute express treatment',
    },
  ],
  guests: 0,
  describe: (name) =>
    `${name} offers express massages, facials, manicures and pedicures designed to fit between ` +
    'security and boarding, from 10 minutes to an hour.',
  terms: () =>
    'Show your digital membership card and boarding pass at reception. Treatments are subject to ' +
    'availability; booking ahead at the desk on arrival is advised. One offer per member per visit, ' +
    'not valid with any other offer and not exchangeable for cash. Please arrive 10 minutes before ' +
    'your treatment and allow time to reach your gate.',
};

function offersOf(ctx: AirportContext, spec: OfferKind, count: number): CatalogueProduct[] {
  const { r, iataCode } = ctx;
  const money = (pounds: number) => localAmountText(pounds, ctx.currency);
  const code = spec.kind === 'dining' ? 'DIN' : 'SPA';
  return r.sample(spec.words, count).map((word, i) => {
    const id = `${iataCode}-${code}-${i + 1}`;
    const name = `${word} ${r.pick(spec.kinds)}`;
    const terminal = r.pick(ctx.terminals);
    const side = r.chance(spec.kind === 'spa' ? 0.9 : 0.8) ? 'airside' : 'landside';
    // Drawn in the order the seed has always drawn them, so the catalogue stays as it was.
    const directions = directionsFor(r, side, terminal);
    const hours = weeklyHours(r, spec.hours);
    const facilities = inListOrder(r.sample(spec.facilities, r.int(2, spec.facilities.length)));
    const offer = r.pick(spec.offers);
    return {
      id,
      kind: spec.kind,
      airportCode: iataCode,
      name,
      terminal,
      side,
      description: spec.describe(name, ctx.city),
      directions,
      weeklyHours: hours,
      facilities,
      conditions: null,
      offer: offer.text(money),
      terms: spec.terms(money),
      offerTerms: {
        credit: offer.credit === undefined ? null : localPrice(offer.credit, ctx.currency),
        // A pass covers the member alone.
        guests: offer.passBuys ? 0 : spec.guests,
        cashBack: false,
        passes: offer.passBuys ? 1 : 0,
        passBuys: offer.passBuys ?? null,
      },
      lane: null,
      price: null,
      slotMinutes: null,
      capacityPerSlot: null,
      images: [1, 2].map((n) => artUrl(spec.kind, `${id}-${n}`)),
      rank: 100 - i * 10 + r.int(0, 9),
    } satisfies CatalogueProduct;
  });
}

export function diningOffers(ctx: AirportContext): CatalogueProduct[] {
  const count = ctx.major ? ctx.r.int(3, 4) : ctx.hub ? ctx.r.int(2, 3) : ctx.r.int(0, 2);
  return offersOf(ctx, DINING, count);
}

export function spaOffers(ctx: AirportContext): CatalogueProduct[] {
  const count = ctx.major ? 2 : ctx.hub ? ctx.r.int(1, 2) : ctx.r.int(0, 1);
  return offersOf(ctx, SPA, count);
}
