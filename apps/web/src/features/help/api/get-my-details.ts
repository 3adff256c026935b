import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors';
import { callQueryOptions } from '../../../shared/api/query-options';

/**
 * The member's details that fill the contact form (POST /account/my-details): the same call,
 * cache key and freshness as the account pages, so either fills the cache for the other.
 */
export const getMyDetailsQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.myDetails),
    staleTime: 0,
    // Without them the form is simply empty: no error overlay for it.
    meta: { serverErrorOverlay: false },
  });

export const useMyDetails = () => useQuery(getMyDetailsQueryOptions());
