import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import type { AirportContext } from './context';
import { currencyOf } from './currency';
import { fastTrackLanes } from './fast-track';
import { lounges } from './lounges';
import { diningOffers, spaOffers } from './offers';
import { createRandom, seedOf } from '../../../platform/seeded-random';
import { isHub, isMajorHub, terminalsOf } from './terminals';

export interface CatalogueAirport {
  iataCode: string;
  city: string;
  country: string;
}

/**
 * The demo products of one airport. Each airport draws from its own stream, seeded by its
 * code, so adding or removing airports leaves the others unchanged.
 */
export function airportCatalogue(airport: CatalogueAirport): CatalogueProduct[] {
  const r = createRandom(seedOf(`catalogue:${airport.iataCode}`));
  const ctx: AirportContext = {
    ...airport,
    hub: isHub(airport.iataCode),
    major: isMajorHub(airport.iataCode),
    currency: currencyOf(airport.country),
    terminals: terminalsOf(airport.iataCode, r),
    r,
  };
  return [...lounges(ctx), ...diningOffers(ctx), ...spaOffers(ctx), ...fastTrackLanes(ctx)];
}

/** The whole demo catalogue, in airport order. */
export function demoCatalogue(airports: readonly CatalogueAirport[]): CatalogueProduct[] {
  return [...airports]
    .sort((a, b) => a.iataCode.localeCompare(b.iataCode))
    .flatMap(airportCatalogue);
}
