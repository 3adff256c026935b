import { callDescriptors } from 'virtual:call-descriptors/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** How many offers of each kind the airports have (POST /airport/productNum). */
export const getAirportProductCountsQueryOptions = (iataCodes: readonly string[]) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.airportProductNum, { iataCodes: [...iataCodes] }),
    enabled: iataCodes.length > 0,
  });

export const useAirportProductCounts = (iataCodes: readonly string[]) =>
  useQuery(getAirportProductCountsQueryOptions(iataCodes));
