import type { Random } from '../../../platform/seeded-random';

/** What every product generator knows about the airport it fills. */
export interface AirportContext {
  iataCode: string;
  city: string;
  country: string;
  hub: boolean;
  /** One of the world's busiest airports: the most of everything. */
  major: boolean;
  currency: string;
  terminals: readonly string[];
  r: Random;
}
