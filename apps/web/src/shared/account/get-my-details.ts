import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { callQueryOptions } from '../api/query-options';

/**
 * The member's names, email, mobile and numbers (POST /account/my-details): the account pages
 * and the contact form share the call and its cache.
 */
export const getMyDetailsQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.myDetails),
    // The email may be verified from another tab (its link): ask afresh on each page.
    staleTime: 0,
    // The greeting falls back to the stored user info and the profile says what failed, in place.
    meta: { serverErrorOverlay: false },
  });

/** Only while logged in: a deleted account's page must not ask again with no token. */
export const useMyDetails = (enabled = true) =>
  useQuery({ ...getMyDetailsQueryOptions(), enabled });
