import type { ProductDetail, ProductSummary } from '@portal/contract';
import type { airports, products } from '../../db/schema';
import { artUrl } from '../../platform/art-url';
import { offerTermsOf } from '../../platform/catalogue/offer-terms';
import type { LocalMoment } from '../../platform/local-time';
import { hoursText, isOpenAt } from './opening-hours';

export type ProductRow = typeof products.$inferSelect;
export type AirportFacts = Pick<typeof airports.$inferSelect, 'name' | 'city' | 'timeZone'>;

function priceOf(row: ProductRow): ProductSummary['price'] {
  return row.priceAmount !== null && row.priceCurrency !== null
    ? { amount: row.priceAmount, currency: row.priceCurrency }
    : null;
}

/** What a list shows of a product, with "open now" and today's hours at the airport. */
export function productSummary(row: ProductRow, moment: LocalMoment): ProductSummary {
  return {
    id: row.id,
    kind: row.kind,
    airportCode: row.airportCode,
    name: row.name,
    terminal: row.terminal,
    side: row.side,
    openNow: isOpenAt(row.weeklyHours, moment),
    hoursToday: hoursText(row.weeklyHours[moment.weekday]),
    image: row.images[0] ?? artUrl(row.kind, row.id),
    price: priceOf(row),
    facilities: row.facilities,
    offer: row.offer,
  };
}

export function productDetail(
  row: ProductRow,
  airport: AirportFacts,
  moment: LocalMoment,
): ProductDetail {
  return {
    ...productSummary(row, moment),
    description: row.description,
    directions: row.directions,
    timeZone: airport.timeZone,
    weeklyHours: row.weeklyHours,
    images: row.images.length > 0 ? row.images : [artUrl(row.kind, row.id)],
    conditions: row.conditions,
    terms: row.terms,
    offerTerms: offerTermsOf(row),
    lane: row.lane,
    slotMinutes: row.slotMinutes,
    capacityPerSlot: row.capacityPerSlot,
    airportName: airport.name,
    city: airport.city,
  };
}
