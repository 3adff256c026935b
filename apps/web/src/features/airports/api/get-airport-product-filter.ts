import type { ProductKind } from '@portal/contract';
import { callDescriptors } from 'virtual:call-descriptors/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** The filter choices (terminals, sides, facilities) and counts of an airport's offers. */
export const getAirportProductFilterQueryOptions = (airportCode: string, kind?: ProductKind) =>
  queryOptions({
    ...callQueryOptions(
      callDescriptors.airportProductFilter,
      kind ? { airportCode, kind } : { airportCode },
    ),
    staleTime: 5 * 60_000,
  });

/** Asks only for what can be an IATA code: an address without one asks nothing. */
export const useAirportProductFilter = (airportCode: string, kind?: ProductKind) =>
  useQuery({
    ...getAirportProductFilterQueryOptions(airportCode, kind),
    enabled: /^[A-Za-z0-9]{3}$/.test(airportCode),
  });
