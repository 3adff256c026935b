import { SEARCH_RETRY_DELAY_MS } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/basic';
import { callQueryOptions } from '../api/query-options';

/** Every airport with an IATA code (POST /airport/list-v2): fetched once, searched in the browser. */
export const getAirportListQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.airportListV2),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 3,
    retryDelay: SEARCH_RETRY_DELAY_MS,
    // The search says so itself and offers to try again.
    meta: { serverErrorOverlay: false },
  });

/** With `enabled` false nothing is fetched, but a list already fetched is answered. */
export const useAirportList = (enabled = true) =>
  useQuery({ ...getAirportListQueryOptions(), enabled });
