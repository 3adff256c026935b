import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/home';
import { callQueryOptions } from '@/shared/api/query-options';

export const POPULAR_PLACES_SHOWN = 8;

/** The airports with the most offers (POST /index/popular-places). */
export const getPopularPlacesQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.popularPlaces, { limit: POPULAR_PLACES_SHOWN }),
    staleTime: 10 * 60_000,
    meta: { serverErrorOverlay: false },
  });

export const usePopularPlaces = () => useQuery(getPopularPlacesQueryOptions());
